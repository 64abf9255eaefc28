import { createLocalJWKSet, jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

describe("GET /projects/{project_id}/.well-known/jwks.json", () => {
  it("publishes a key that verifies the project's access tokens, cacheable for an hour", async () => {
    const res = await call(t, "GET", `/projects/${project.projectId}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.json.keys).toHaveLength(1);
    expect(res.json.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", kid: expect.any(String) });
    expect(res.json.keys[0]).not.toHaveProperty("d");

    const { payload } = await jwtVerify(project.user.accessToken, createLocalJWKSet(res.json), {
      issuer: `http://localhost:8102/api/v1/projects/${project.projectId}`,
      audience: project.projectId,
    });
    expect(payload.sub).toBe(project.user.userId);
  });

  it("adds the anonymous users' key on request, and only then", async () => {
    const plain = await call(t, "GET", `/projects/${project.projectId}/.well-known/jwks.json`);
    const all = await call(t, "GET", `/projects/${project.projectId}/.well-known/jwks.json?include_anonymous=true`);
    expect(all.json.keys).toHaveLength(2);
    expect(all.json.keys[0]).toEqual(plain.json.keys[0]);
    expect(all.json.keys[1].kid).not.toBe(plain.json.keys[0].kid);
  });

  it("gives each project its own keys", async () => {
    const other = await createProjectFixture(t);
    const a = await call(t, "GET", `/projects/${project.projectId}/.well-known/jwks.json`);
    const b = await call(t, "GET", `/projects/${other.projectId}/.well-known/jwks.json`);
    expect(a.json.keys[0].x).not.toBe(b.json.keys[0].x);
  });

  it("answers PROJECT_NOT_FOUND for an unknown project", async () => {
    const res = await call(t, "GET", "/projects/nope/.well-known/jwks.json");
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "PROJECT_NOT_FOUND", details: { project_id: "nope" } });
  });
});
