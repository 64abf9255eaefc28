import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: { allow_user_api_keys: true, allow_team_api_keys: true } });
});

const revoke = (apiKey: unknown) => callUntyped(t, "POST", "/integrations/credential-scanning/revoke", { body: { api_key: apiKey } });
const createKey = async (isPublic: boolean) => {
  const user = await signUpUser(t, project.client);
  const res = await call(t, "POST", "/user-api-keys", {
    creds: project.server,
    body: { description: "leaked", expires_at_millis: null, user_id: user.userId, is_public: isPublic },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.value as string;
};
const check = (apiKey: string) => call(t, "POST", "/user-api-keys/check", { creds: project.server, body: { api_key: apiKey } });

describe("POST /integrations/credential-scanning/revoke", () => {
  it("revokes a leaked secret key with no authentication but the key itself", async () => {
    const value = await createKey(false);
    expect((await check(value)).status).toBe(200);
    const res = await revoke(value);
    expect([res.status, res.json]).toEqual([200, { success: true }]);
    expect((await check(value)).json.code).toBe("API_KEY_REVOKED");
    expect((await revoke(value)).status).toBe(200);
  });

  it("answers PUBLIC_API_KEY_CANNOT_BE_REVOKED for a public key, which stays valid", async () => {
    const value = await createKey(true);
    const res = await revoke(value);
    expect([res.status, res.json.code]).toEqual([400, "PUBLIC_API_KEY_CANNOT_BE_REVOKED"]);
    expect((await check(value)).status).toBe(200);
  });

  it("answers API_KEY_NOT_FOUND for an unknown, altered or malformed key, and SCHEMA_ERROR for a bad body", async () => {
    const value = await createKey(false);
    const altered = `${value.slice(0, 3)}${value[3] === "a" ? "b" : "a"}${value.slice(4)}`;
    for (const candidate of [altered, "sk_not_a_key", ""]) expect((await revoke(candidate)).json.code).toBe("API_KEY_NOT_FOUND");
    expect((await check(value)).status).toBe(200);
    expect((await revoke(42)).json.code).toBe("SCHEMA_ERROR");
  });
});
