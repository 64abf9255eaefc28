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

const asClient = (accessToken: string) => ({ ...project.client, accessToken });

describe("GET /users/me", () => {
  it("answers the client read shape to a client, without server-only fields", async () => {
    const res = await call(t, "GET", "/users/me", { creds: asClient(project.user.accessToken) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(
      [
        "auth_with_email", "client_metadata", "client_read_only_metadata", "display_name", "has_password", "id",
        "is_anonymous", "is_restricted", "oauth_providers", "otp_auth_enabled", "passkey_auth_enabled", "primary_email",
        "primary_email_verified", "profile_image_url", "requires_totp_mfa", "restricted_by_admin", "restricted_by_admin_reason",
        "restricted_reason", "selected_team", "selected_team_id", "signed_up_at_millis",
      ].sort(),
    );
    expect(res.json).toMatchObject({ id: project.user.userId, primary_email: project.user.email, is_anonymous: false });
  });

  it("answers the server read shape with server access", async () => {
    const res = await call(t, "GET", "/users/me", { creds: { ...project.server, accessToken: project.user.accessToken } });
    expect(res.json).toMatchObject({
      id: project.user.userId,
      server_metadata: null,
      primary_email_auth_enabled: true,
      last_active_at_millis: expect.any(Number),
    });
  });
});

describe("PATCH /users/me", () => {
  it("updates the profile fields a user owns and keeps the others", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "PATCH", "/users/me", {
      creds: asClient(user.accessToken),
      body: { display_name: "Ada Lovelace", client_metadata: { theme: "dark" }, profile_image_url: "https://example.com/ada.png" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ display_name: "Ada Lovelace", client_metadata: { theme: "dark" }, profile_image_url: "https://example.com/ada.png" });

    const partial = await call(t, "PATCH", "/users/me", { creds: asClient(user.accessToken), body: { display_name: null } });
    expect(partial.json).toMatchObject({ display_name: null, client_metadata: { theme: "dark" } });
  });

  it("shows the new name in the next access token", async () => {
    const user = await signUpUser(t, project.client);
    await call(t, "PATCH", "/users/me", { creds: asClient(user.accessToken), body: { display_name: "Grace" } });
    const res = await t.request("/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: user.refreshToken, client_id: project.projectId, client_secret: "__stack_public_client__" }).toString(),
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    expect(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).name).toBe("Grace");
  });

  it("selects only a team the user belongs to", async () => {
    const owner = project.owner;
    const internal = { projectId: "internal", accessType: "client" as const, accessToken: owner.accessToken };
    const me = await call(t, "GET", "/users/me", { creds: internal });
    const teamId = me.json.selected_team_id;
    expect((await call(t, "PATCH", "/users/me", { creds: internal, body: { selected_team_id: null } })).json.selected_team).toBeNull();
    expect((await call(t, "PATCH", "/users/me", { creds: internal, body: { selected_team_id: teamId } })).json.selected_team.id).toBe(teamId);

    const stranger = await call(t, "PATCH", "/users/me", { creds: asClient(project.user.accessToken), body: { selected_team_id: teamId } });
    expect(stranger.status).toBe(404);
    expect(stranger.json).toMatchObject({ code: "TEAM_MEMBERSHIP_NOT_FOUND", details: { team_id: teamId, user_id: project.user.userId } });
  });

  it.each([
    ["a display name over 256 characters", { display_name: "x".repeat(257) }],
    ["a malformed image URL", { profile_image_url: "not a url" }],
    ["an inline image of 100 KB or more", { profile_image_url: `data:image/png;base64,${"A".repeat(140_000)}` }],
    ["a field clients may not write", { server_metadata: { admin: true } }],
    ["a selected team id that is not a UUID", { selected_team_id: "team-1" }],
  ])("answers SCHEMA_ERROR for %s and changes nothing", async (_label, body) => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "PATCH", "/users/me", { creds: asClient(user.accessToken), body });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
    const after = await call(t, "GET", "/users/me", { creds: asClient(user.accessToken) });
    expect(after.json).toMatchObject({ display_name: null, profile_image_url: null, selected_team_id: null });
  });

  it("accepts a small inline image", async () => {
    const user = await signUpUser(t, project.client);
    const image = `data:image/png;base64,${"A".repeat(1000)}`;
    const res = await call(t, "PATCH", "/users/me", { creds: asClient(user.accessToken), body: { profile_image_url: image } });
    expect(res.json.profile_image_url).toBe(image);
  });
});

describeSecurity({ operationId: "getCurrentUser", method: "GET", path: "/users/me", access: ["client", "server", "admin"], userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER" });
describeSecurity({
  operationId: "updateCurrentUser",
  method: "PATCH",
  path: "/users/me",
  access: ["client", "server", "admin"],
  body: { display_name: "Security" },
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
});
