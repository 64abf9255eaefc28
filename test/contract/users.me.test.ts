import { beforeAll, describe, expect, it } from "vitest";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectPlainRefusalThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import {
  bootstrapProject,
  internalClient,
  refreshThroughProxy,
  signUpThroughProxy,
  useProxiedServer,
  type ContractProject,
  type Session,
} from "../support/proxied-server";

describeMockContract("users.me");

const CLIENT_USER_KEYS = [
  "auth_with_email",
  "display_name",
  "has_password",
  "id",
  "is_anonymous",
  "is_restricted",
  "oauth_providers",
  "otp_auth_enabled",
  "passkey_auth_enabled",
  "primary_email",
  "primary_email_verified",
  "profile_image_url",
  "requires_totp_mfa",
  "restricted_by_admin",
  "restricted_by_admin_reason",
  "restricted_reason",
  "selected_team",
  "selected_team_id",
  "signed_up_at_millis",
];
const SERVER_ONLY_KEYS = ["server_metadata", "last_active_at_millis", "primary_email_auth_enabled", "risk_scores"];

describe("users.me: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;
  let user: Session;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    user = await signUpThroughProxy(env.api, project.client);
  });

  const asUser = (session: Session = user) => ({ ...project.client, accessToken: session.accessToken });

  it("reads the signed-in user in the client shape, without server fields", async () => {
    const res = await env.api.call("GET", "/users/me", { creds: asUser() });
    expectValidThroughProxy(res, 200);
    expect(res.json).toMatchObject({
      id: user.userId,
      primary_email: user.email,
      primary_email_verified: false,
      display_name: null,
      has_password: true,
      auth_with_email: true,
      is_anonymous: false,
      selected_team: null,
      selected_team_id: null,
    });
    expect(Object.keys(res.json)).toEqual(expect.arrayContaining(CLIENT_USER_KEYS));
    for (const key of SERVER_ONLY_KEYS) expect(res.json).not.toHaveProperty(key);
  });

  it("reads the signed-in user in the server shape with the secret server key", async () => {
    const res = await env.api.call("GET", "/users/me", { creds: { ...project.server, accessToken: user.accessToken } });
    expectValidThroughProxy(res, 200);
    expect(res.json.id).toBe(user.userId);
    for (const key of SERVER_ONLY_KEYS) expect(res.json).toHaveProperty(key);
  });

  it("shows a personal team as the selected team, in both shapes", async () => {
    // Users of `internal` get a personal team on sign-up.
    const owner = project.owner;
    const client = await env.api.call("GET", "/users/me", { creds: { ...internalClient, accessToken: owner.accessToken } });
    expectValidThroughProxy(client, 200);
    expect(client.json.selected_team).toMatchObject({ id: project.ownerTeamId, display_name: expect.any(String) });
    expect(client.json.selected_team).not.toHaveProperty("created_at_millis");
  });

  it("updates the display name and metadata, and later reads and refreshed tokens see them", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const patch = await env.api.call("PATCH", "/users/me", {
      creds: asUser(session),
      body: { display_name: "Ada Lovelace", client_metadata: { theme: "dark", tabs: [1, 2] } },
    });
    expectValidThroughProxy(patch, 200);
    expect(patch.json).toMatchObject({ id: session.userId, display_name: "Ada Lovelace", client_metadata: { theme: "dark", tabs: [1, 2] } });

    const read = await env.api.call("GET", "/users/me", { creds: asUser(session) });
    expectValidThroughProxy(read, 200);
    expect(read.json).toMatchObject({ display_name: "Ada Lovelace", client_metadata: { theme: "dark", tabs: [1, 2] } });

    const refreshed = await refreshThroughProxy(env.api, project.projectId, session.refreshToken, project.keys.publishableKey);
    expectValidThroughProxy(refreshed, 200);
    expect(decodeJwtPayload(refreshed.json.access_token).name).toBe("Ada Lovelace");

    const cleared = await env.api.call("PATCH", "/users/me", { creds: asUser(session), body: { display_name: null } });
    expectValidThroughProxy(cleared, 200);
    expect(cleared.json.display_name).toBeNull();
  });

  it("answers a read without a user session with 400 CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
    expectKnownErrorThroughProxy(await env.api.call("GET", "/users/me", { creds: project.client }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expectKnownErrorThroughProxy(
      await env.api.call("PATCH", "/users/me", { creds: project.client, body: { display_name: "x" } }),
      400,
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
    );
  });

  it("answers selecting a team the user is not in with 404 TEAM_MEMBERSHIP_NOT_FOUND", async () => {
    const res = await env.api.call("PATCH", "/users/me", { creds: asUser(), body: { selected_team_id: project.ownerTeamId } });
    expectKnownErrorThroughProxy(res, 404, "TEAM_MEMBERSHIP_NOT_FOUND");
    expect(res.json.details).toEqual({ team_id: project.ownerTeamId, user_id: user.userId });
  });

  it("answers a wrong secret server key with 401 INVALID_SECRET_SERVER_KEY", async () => {
    const res = await env.api.call("GET", "/users/me", { creds: { ...project.server, secretKey: "ssk_wrong", accessToken: user.accessToken } });
    expectKnownErrorThroughProxy(res, 401, "INVALID_SECRET_SERVER_KEY");
  });

  it("answers a client changing a server-only field with 400 SCHEMA_ERROR", async () => {
    const res = await env.api.call("PATCH", "/users/me", { creds: asUser(), body: { server_metadata: { plan: "free" } } });
    expectKnownErrorThroughProxy(res, 400, "SCHEMA_ERROR");
    expect(res.json.details.message).toContain("server_metadata");
    // The same change with the secret server key is allowed.
    const server = await env.api.call("PATCH", "/users/me", {
      creds: { ...project.server, accessToken: user.accessToken },
      body: { server_metadata: { plan: "free" } },
    });
    expectValidThroughProxy(server, 200);
    expect(server.json.server_metadata).toEqual({ plan: "free" });
  });

  it("deletes the signed-in user only when the project allows client user deletion", async () => {
    const own = await bootstrapProject(env.api);
    const session = await signUpThroughProxy(env.api, own.client);
    const creds = { ...own.client, accessToken: session.accessToken };

    const refused = await env.api.call("DELETE", "/users/me", { creds });
    expectPlainRefusalThroughProxy(refused, 400);

    const allow = await env.api.call("PATCH", "/internal/projects/current", { creds: own.admin, body: { config: { client_user_deletion_enabled: true } } });
    expectValidThroughProxy(allow, 200);
    const deleted = await env.api.call("DELETE", "/users/me", { creds });
    expectValidThroughProxy(deleted, 200);
    expect(deleted.json).toEqual({ success: true });

    const refresh = await refreshThroughProxy(env.api, own.projectId, session.refreshToken, own.keys.publishableKey);
    expectKnownErrorThroughProxy(refresh, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("has the document and the server agree that fields outside the update schema are refused", async () => {
    const body = { is_admin: true };
    expectProxyRefusal(await env.api.callUntyped("PATCH", "/users/me", { creds: asUser(), body }), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.callUntyped("PATCH", "/users/me", { creds: asUser(), body });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });
});
