import { beforeAll, describe, expect, it } from "vitest";
import { hashSecret } from "../../crypto/secret-hash";
import { callUntyped, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity, type SecurityContext } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
beforeAll(() => {
  t = app();
});

const asAdmin = (project: ProjectFixture, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  callUntyped(t, method, path, { creds: project.admin, body });

const WEB_APP = { display_name: "Notes web", type: "confidential", redirect_uris: ["https://notes.example.com/callback"] };

describe("OAuth apps", () => {
  it("shows a confidential app's secret once, stores its digest only, and lists, reads, changes and removes apps", async () => {
    const project = await createProjectFixture(t);
    const created = await asAdmin(project, "POST", "/internal/oauth-apps", { ...WEB_APP, post_logout_redirect_uris: ["https://notes.example.com/"] });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      client_id: expect.stringMatching(/^oa_[A-Za-z0-9]{22}$/),
      client_secret: expect.stringMatching(/^oas_[A-Za-z0-9]{43}$/),
      type: "confidential",
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      registered_by: "admin",
      scope: "",
    });
    const { client_id: clientId, client_secret: secret } = created.json;
    const stored = await t.db.query<{ secret_hash: string }>("SELECT secret_hash FROM oauth_apps WHERE client_id = $1", [clientId]);
    expect(stored[0]!.secret_hash).toBe(hashSecret(secret));
    const dump = JSON.stringify(await t.db.query("SELECT * FROM oauth_apps WHERE client_id = $1", [clientId]));
    expect(dump).not.toContain(secret);

    const read = await asAdmin(project, "GET", `/internal/oauth-apps/${clientId}`);
    expect(read.json).not.toHaveProperty("client_secret");
    expect((await asAdmin(project, "GET", "/internal/oauth-apps")).json.items.map((a: { client_id: string }) => a.client_id)).toEqual([clientId]);

    const changed = await asAdmin(project, "PATCH", `/internal/oauth-apps/${clientId}`, {
      display_name: "Notes",
      redirect_uris: ["https://notes.example.com/auth", "com.example.notes:/callback", "http://127.0.0.1:8123/cb"],
      logo_url: "https://notes.example.com/logo.png",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ display_name: "Notes", logo_url: "https://notes.example.com/logo.png", post_logout_redirect_uris: ["https://notes.example.com/"] });
    expect(changed.json.redirect_uris).toHaveLength(3);

    const rotated = await asAdmin(project, "POST", `/internal/oauth-apps/${clientId}/rotate-secret`);
    expect(rotated.json.client_secret).not.toBe(secret);
    const rehashed = await t.db.query<{ secret_hash: string }>("SELECT secret_hash FROM oauth_apps WHERE client_id = $1", [clientId]);
    expect(rehashed[0]!.secret_hash).toBe(hashSecret(rotated.json.client_secret));

    expect((await asAdmin(project, "DELETE", `/internal/oauth-apps/${clientId}`)).status).toBe(200);
    expect((await asAdmin(project, "GET", `/internal/oauth-apps/${clientId}`)).json.code).toBe("OAUTH_APP_NOT_FOUND");
    expect((await asAdmin(project, "DELETE", `/internal/oauth-apps/${clientId}`)).json.code).toBe("OAUTH_APP_NOT_FOUND");
  });

  it("makes a public app without a secret, which has none to rotate", async () => {
    const project = await createProjectFixture(t);
    const created = await asAdmin(project, "POST", "/internal/oauth-apps", { ...WEB_APP, type: "public" });
    expect(created.json).toMatchObject({ type: "public", token_endpoint_auth_method: "none", client_secret: null, secret_created_at_millis: null });
    const rotate = await asAdmin(project, "POST", `/internal/oauth-apps/${created.json.client_id}/rotate-secret`);
    expect(rotate.json.code).toBe("OAUTH_APP_INVALID");
  });

  it("refuses redirect URIs that could not be compared exactly or that leave loopback over http, and grants that do not fit", async () => {
    const project = await createProjectFixture(t);
    const refused: Array<[string, unknown]> = [
      ["http to a public host", { ...WEB_APP, redirect_uris: ["http://notes.example.com/callback"] }],
      ["a fragment", { ...WEB_APP, redirect_uris: ["https://notes.example.com/callback#x"] }],
      ["a wildcard", { ...WEB_APP, redirect_uris: ["https://*.example.com/callback"] }],
      ["a relative URI", { ...WEB_APP, redirect_uris: ["/callback"] }],
      ["javascript:", { ...WEB_APP, redirect_uris: ["javascript:alert(1)"] }],
      ["code flow without a redirect URI", { ...WEB_APP, redirect_uris: [] }],
      ["client credentials for a public app", { ...WEB_APP, type: "public", grant_types: ["authorization_code", "client_credentials"] }],
      ["refresh_token alone", { display_name: "x", type: "confidential", grant_types: ["refresh_token"] }],
      ["a scope the server does not grant", { ...WEB_APP, scope: "openid admin:everything" }],
    ];
    for (const [label, body] of refused) {
      const answer = await asAdmin(project, "POST", "/internal/oauth-apps", body);
      expect(answer.status, label).toBe(400);
      expect(answer.json.code, label).toBe("OAUTH_APP_INVALID");
    }
    const unknownField = await asAdmin(project, "POST", "/internal/oauth-apps", { ...WEB_APP, client_secret: "mine" });
    expect(unknownField.json.code).toBe("SCHEMA_ERROR");
    expect((await asAdmin(project, "GET", "/internal/oauth-apps")).json.items).toEqual([]);

    // A machine client needs no redirect URI; a scope of one of the project's resources is allowed
    // (it narrows that resource's scopes for this app; the OpenID scopes are left to oidc-provider).
    await asAdmin(project, "PATCH", "/internal/config/override/environment", {
      config_override_string: JSON.stringify({ "oauthServer.resources.notes": { uri: "https://api.example.com/notes", scopes: "notes:read" } }),
    });
    const machine = await asAdmin(project, "POST", "/internal/oauth-apps", { display_name: "Cron", type: "confidential", grant_types: ["client_credentials"], scope: "notes:read" });
    expect(machine.status, machine.text).toBe(201);
  });

  it("keeps each project's apps to itself", async () => {
    const [one, other] = [await createProjectFixture(t), await createProjectFixture(t)];
    const created = await asAdmin(one, "POST", "/internal/oauth-apps", WEB_APP);
    expect((await asAdmin(other, "GET", `/internal/oauth-apps/${created.json.client_id}`)).json.code).toBe("OAUTH_APP_NOT_FOUND");
    expect((await asAdmin(other, "DELETE", `/internal/oauth-apps/${created.json.client_id}`)).json.code).toBe("OAUTH_APP_NOT_FOUND");
    expect((await asAdmin(other, "GET", "/internal/oauth-apps")).json.items).toEqual([]);
  });
});

describe("OAuth authorizations and connections", () => {
  it("refuse while the project is not an OAuth server, and answer an unknown request as not found", async () => {
    const project = await createProjectFixture(t);
    const user = { ...project.client, accessToken: project.user.accessToken };
    const disabled = await callUntyped(t, "GET", "/oauth-apps/authorizations/abc", { creds: user });
    expect(disabled.json.code).toBe("OAUTH_SERVER_NOT_ENABLED");
    await asAdmin(project, "PATCH", "/internal/config/override/environment", { config_override_string: JSON.stringify({ "oauthServer.enabled": true }) });
    for (const method of ["GET", "POST"] as const) {
      const unknown = await callUntyped(t, method, "/oauth-apps/authorizations/abc", { creds: user, body: method === "POST" ? { decision: "allow" } : undefined });
      expect(unknown.status).toBe(404);
      expect(unknown.json.code).toBe("OAUTH_AUTHORIZATION_NOT_FOUND");
    }
    expect((await callUntyped(t, "GET", "/oauth-apps/connections?user_id=me", { creds: user })).json.items).toEqual([]);
  });

  it("configures the OAuth server with checked resource indicators", async () => {
    const project = await createProjectFixture(t);
    for (const uri of ["http://api.example.com/", "https://api.example.com/#frag", "not a uri"]) {
      const answer = await asAdmin(project, "PATCH", "/internal/config/override/environment", {
        config_override_string: JSON.stringify({ "oauthServer.resources.api": { uri } }),
      });
      expect(answer.status, uri).toBe(400);
    }
    const ok = await asAdmin(project, "PATCH", "/internal/config/override/environment", {
      config_override_string: JSON.stringify({ "oauthServer.resources.api": { uri: "http://localhost:3000/mcp", scopes: "mcp:tools" }, "oauthServer.enabled": true }),
    });
    expect(ok.status, ok.text).toBe(200);
  });
});

const CLIENT_ID = "oa_AAAAAAAAAAAAAAAAAAAAAA";
describeSecurity({ operationId: "listOAuthApps", method: "GET", path: "/internal/oauth-apps", access: ["admin"] });
describeSecurity({ operationId: "createOAuthApp", method: "POST", path: "/internal/oauth-apps", access: ["admin"], body: WEB_APP });
describeSecurity({ operationId: "getOAuthApp", method: "GET", path: `/internal/oauth-apps/${CLIENT_ID}`, access: ["admin"] });
describeSecurity({ operationId: "updateOAuthApp", method: "PATCH", path: `/internal/oauth-apps/${CLIENT_ID}`, access: ["admin"], body: { display_name: "x" } });
describeSecurity({ operationId: "deleteOAuthApp", method: "DELETE", path: `/internal/oauth-apps/${CLIENT_ID}`, access: ["admin"] });
describeSecurity({ operationId: "rotateOAuthAppSecret", method: "POST", path: `/internal/oauth-apps/${CLIENT_ID}/rotate-secret`, access: ["admin"] });
describeSecurity({
  operationId: "getOAuthAuthorization",
  method: "GET",
  path: "/oauth-apps/authorizations/abc",
  access: ["client", "server", "admin"],
  userRequired: "USER_AUTHENTICATION_REQUIRED",
});
describeSecurity({
  operationId: "decideOAuthAuthorization",
  method: "POST",
  path: "/oauth-apps/authorizations/abc",
  access: ["client", "server", "admin"],
  body: { decision: "allow" },
  userRequired: "USER_AUTHENTICATION_REQUIRED",
});
describeSecurity({
  operationId: "listOAuthConnections",
  method: "GET",
  path: "/oauth-apps/connections?user_id=me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx: SecurityContext) => ({
    path: `/oauth-apps/connections?user_id=${ctx.project.user.userId}`,
    creds: { ...ctx.project.client, accessToken: (await signUpUser(ctx.t, ctx.project.client)).accessToken },
    code: "USER_NOT_FOUND",
  }),
});
describeSecurity({
  operationId: "revokeOAuthConnection",
  method: "DELETE",
  path: `/oauth-apps/connections/${CLIENT_ID}?user_id=me`,
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx: SecurityContext) => ({
    path: `/oauth-apps/connections/${CLIENT_ID}?user_id=${ctx.project.user.userId}`,
    creds: { ...ctx.project.client, accessToken: (await signUpUser(ctx.t, ctx.project.client)).accessToken },
    code: "USER_NOT_FOUND",
  }),
});
const CREDENTIAL_ID = "6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
describeSecurity({
  operationId: "createAgentCredential",
  method: "POST",
  path: "/oauth-apps/agent-credentials?user_id=me",
  access: ["client", "server", "admin"],
  body: { client_id: CLIENT_ID, team_id: CREDENTIAL_ID, permissions: ["read"], description: "x", expires_at_millis: 4_102_444_800_000 },
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx: SecurityContext) => ({
    path: `/oauth-apps/agent-credentials?user_id=${ctx.project.user.userId}`,
    body: { client_id: CLIENT_ID, team_id: CREDENTIAL_ID, permissions: ["read"], description: "x", expires_at_millis: 4_102_444_800_000 },
    creds: { ...ctx.project.client, accessToken: (await signUpUser(ctx.t, ctx.project.client)).accessToken },
    code: "USER_NOT_FOUND",
  }),
});
describeSecurity({
  operationId: "listAgentCredentials",
  method: "GET",
  path: "/oauth-apps/agent-credentials?user_id=me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx: SecurityContext) => ({
    path: `/oauth-apps/agent-credentials?user_id=${ctx.project.user.userId}`,
    creds: { ...ctx.project.client, accessToken: (await signUpUser(ctx.t, ctx.project.client)).accessToken },
    code: "USER_NOT_FOUND",
  }),
});
describeSecurity({
  operationId: "revokeAgentCredential",
  method: "DELETE",
  path: `/oauth-apps/agent-credentials/${CREDENTIAL_ID}?user_id=me`,
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx: SecurityContext) => ({
    path: `/oauth-apps/agent-credentials/${CREDENTIAL_ID}?user_id=${ctx.project.user.userId}`,
    creds: { ...ctx.project.client, accessToken: (await signUpUser(ctx.t, ctx.project.client)).accessToken },
    code: "USER_NOT_FOUND",
  }),
});
