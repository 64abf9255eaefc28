import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../testing/fixtures";
import { useSharedTestApp } from "../testing/shared-app";
import type { TestApp } from "../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: { allow_user_api_keys: true } });
});

function asUser() {
  return { ...project.client, accessToken: project.user.accessToken };
}

/** A SCHEMA_ERROR whose message names `field`. */
function expectSchemaError(res: { status: number; json: any; text: string }, field: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe("SCHEMA_ERROR");
  expect(res.json.details.message).toContain(field);
}

describe("hostile JSON bodies", () => {
  it("refuses NUL in a text field, naming the field", async () => {
    expectSchemaError(await call(t, "PATCH", "/users/me", { creds: asUser(), body: { display_name: "Ada\u0000" } }), "body.display_name");
  });

  it("refuses NUL in an e-mail and in a team name", async () => {
    const signUp = await call(t, "POST", "/auth/password/sign-up", {
      creds: project.client,
      body: { email: "nul\u0000@example.com", password: "correct horse battery" },
    });
    expectSchemaError(signUp, "body.email");
    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Team\u0000" } });
    expectSchemaError(team, "body.display_name");
  });

  it("refuses NUL in a metadata key and in a metadata value", async () => {
    const inValue = await call(t, "PATCH", "/users/me", { creds: asUser(), body: { client_metadata: { a: ["ok", "b\u0000"] } } });
    expectSchemaError(inValue, "body.client_metadata.a.1");
    const inKey = await call(t, "PATCH", "/users/me", { creds: asUser(), body: { client_metadata: { "k\u0000": 1 } } });
    expectSchemaError(inKey, "body.client_metadata");
  });

  it("refuses a lone surrogate rather than storing U+FFFD", async () => {
    const res = await callUntyped(t, "PATCH", "/users/me", { creds: asUser(), body: '{"client_metadata":{"s":"x\\ud800y"}}' });
    expectSchemaError(res, "body.client_metadata.s");
    const pair = await callUntyped(t, "PATCH", "/users/me", { creds: asUser(), body: '{"client_metadata":{"s":"\\ud83d\\ude00"}}' });
    expect(pair.status).toBe(200);
    expect(pair.json.client_metadata).toEqual({ s: "😀" });
  });

  it("refuses a number that overflows rather than storing null", async () => {
    const res = await callUntyped(t, "PATCH", "/users/me", { creds: asUser(), body: '{"client_metadata":{"n":1e309}}' });
    expectSchemaError(res, "body.client_metadata.n");
  });

  it("refuses metadata nested deeper than 64 levels, and takes 64", async () => {
    const nest = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    const deep = await callUntyped(t, "PATCH", "/users/me", { creds: asUser(), body: `{"client_metadata":${nest(5000)}}` });
    expectSchemaError(deep, "nested deeper than 64");
    // The body object is level 1, so metadata may hold 63 levels of its own.
    const ok = await callUntyped(t, "PATCH", "/users/me", { creds: asUser(), body: `{"client_metadata":${nest(63)}}` });
    expect(ok.status, ok.text).toBe(200);
  });

  it("refuses a body that is not UTF-8 rather than reading it as U+FFFD", async () => {
    const bytes = Buffer.concat([Buffer.from('{"display_name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await t.request("/api/v1/users/me", {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-stack-project-id": project.projectId, "x-stack-access-type": "client", "x-stack-access-token": project.user.accessToken },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("BODY_PARSING_ERROR");
  });

  it("refuses an expiry past the year 9999 or before 1970 (PostgreSQL cannot read the ISO form of either)", async () => {
    for (const expires of [9e15, 4_678_710_325_880_288, -5_391_012_903_177_210]) {
      const res = await call(t, "POST", "/user-api-keys", {
        creds: asUser(),
        body: { user_id: "me", description: "far", expires_at_millis: expires, is_public: false },
      });
      expectSchemaError(res, "body.expires_at_millis");
    }
    const last = await call(t, "POST", "/user-api-keys", {
      creds: asUser(),
      body: { user_id: "me", description: "last", expires_at_millis: 253_402_300_799_999, is_public: false },
    });
    expect(last.status, last.text).toBe(200);
    expect(last.json.expires_at_millis).toBe(253_402_300_799_999);
  });

  it("limits URL fields to 2048 characters", async () => {
    const res = await call(t, "POST", "/auth/password/send-reset-code", {
      creds: project.client,
      body: { email: project.user.email, callback_url: `https://example.com/${"a".repeat(2100)}` },
    });
    expectSchemaError(res, "body.callback_url");
  });
});

describe("hostile query strings and paths", () => {
  it("refuses NUL in a query parameter, naming it", async () => {
    expectSchemaError(await call(t, "GET", "/users?query=%00", { creds: project.server }), "query.query");
  });

  it("refuses NUL in a path segment that no schema narrows", async () => {
    expectSchemaError(await call(t, "GET", "/projects/a%00b/.well-known/jwks.json"), "path");
  });

  it("refuses NUL in a path parameter before the route sees it", async () => {
    const res = await call(t, "DELETE", "/team-permission-definitions/a%00b", { creds: project.admin });
    expectSchemaError(res, "path: Must not contain the NUL character");
  });
});

describe("hostile form bodies", () => {
  it("refuses NUL in a form field, naming it", async () => {
    const res = await t.request("/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&refresh_token=x&client_id=a%00b&client_secret=s",
    });
    const json = (await res.json()) as { code: string; details: { message: string } };
    expect(res.status).toBe(400);
    expect(json.code).toBe("SCHEMA_ERROR");
    expect(json.details.message).toContain("body.client_id");
  });
});
