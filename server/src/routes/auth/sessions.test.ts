import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

describe("DELETE /auth/sessions/current", () => {
  it("ends only the current session", async () => {
    const user = await signUpUser(t, project.client);
    const second = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
    const out = await call(t, "DELETE", "/auth/sessions/current", { creds: { ...project.client, accessToken: user.accessToken } });
    expect(out.status).toBe(200);

    const refresh = (token: string) =>
      t.request("/api/v1/auth/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token, client_id: project.projectId, client_secret: "__stack_public_client__" }).toString(),
      });
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(second.json.refresh_token)).status).toBe(200);
  });

  it("answers REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED when the session is already gone", async () => {
    const user = await signUpUser(t, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    await call(t, "DELETE", "/auth/sessions/current", { creds });
    const again = await call(t, "DELETE", "/auth/sessions/current", { creds });
    expect(again.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});

describeSecurity({ method: "DELETE", path: "/auth/sessions/current", access: ["client", "server", "admin"], userRequired: "USER_AUTHENTICATION_REQUIRED" });
