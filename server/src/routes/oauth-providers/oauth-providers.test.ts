import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { configureOAuth } from "../../testing/oauth-flow";
import { describeSecurity, type SecurityContext } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

const GITHUB = { type: "github", clientId: "gh-client", clientSecret: "gh-secret" };

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  await configureOAuth(t, project, { github: GITHUB });
});

const asUser = (user: SignedInUser) => ({ ...project.client, accessToken: user.accessToken });
let accountCounter = 0;
const createLink = (userId: string, overrides: Record<string, unknown> = {}) =>
  call(t, "POST", "/oauth-providers", {
    creds: project.server,
    body: {
      user_id: userId,
      provider_config_id: "github",
      account_id: `gh-${++accountCounter}-${Date.now()}`,
      email: "octo@example.com",
      allow_sign_in: true,
      allow_connected_accounts: true,
      ...overrides,
    },
  });

describe("/oauth-providers", () => {
  it("creates a link with the server key; the user reads it without the account id, the server with it", async () => {
    const user = await signUpUser(t, project.client);
    const created = await createLink(user.userId, { account_id: "gh-4242" });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.json).toEqual({
      id,
      user_id: user.userId,
      provider_config_id: "github",
      type: "github",
      email: "octo@example.com",
      allow_sign_in: true,
      allow_connected_accounts: true,
      account_id: "gh-4242",
    });
    const mine = await call(t, "GET", `/oauth-providers/me/${id}`, { creds: asUser(user) });
    expect(mine.status).toBe(200);
    expect(mine.json).not.toHaveProperty("account_id");
    expect(mine.json.provider_config_id).toBe("github");
    expect((await call(t, "GET", "/oauth-providers?user_id=me", { creds: asUser(user) })).json.items.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await call(t, "GET", `/oauth-providers?user_id=${user.userId}`, { creds: project.server })).json.items[0].account_id).toBe("gh-4242");
    expect((await call(t, "GET", "/users/me", { creds: asUser(user) })).json.oauth_providers).toEqual([{ id: "github", account_id: "gh-4242", email: "octo@example.com" }]);
  });

  it("lets one provider account sign in to one user only", async () => {
    const first = await signUpUser(t, project.client);
    const second = await signUpUser(t, project.client);
    const accountId = `gh-shared-${Date.now()}`;
    expect((await createLink(first.userId, { account_id: accountId })).status).toBe(201);
    const clash = await createLink(second.userId, { account_id: accountId });
    expect(clash.status).toBe(400);
    expect(clash.json.code).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
    // As a connected account only, it may be linked to the second user too.
    const connectedOnly = await createLink(second.userId, { account_id: accountId, allow_sign_in: false });
    expect(connectedOnly.status).toBe(201);
    const switchOn = await call(t, "PATCH", `/oauth-providers/me/${connectedOnly.json.id}`, { creds: asUser(second), body: { allow_sign_in: true } });
    expect(switchOn.json.code).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
  });

  it("lets the user switch sign-in and connected-account use, and only the server change the account", async () => {
    const user = await signUpUser(t, project.client);
    const id = (await createLink(user.userId)).json.id as string;
    const changed = await call(t, "PATCH", `/oauth-providers/me/${id}`, { creds: asUser(user), body: { allow_sign_in: false, allow_connected_accounts: false } });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ allow_sign_in: false, allow_connected_accounts: false });
    const refused = await call(t, "PATCH", `/oauth-providers/me/${id}`, { creds: asUser(user), body: { account_id: "other" } });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("SCHEMA_ERROR");
    const server = await call(t, "PATCH", `/oauth-providers/${user.userId}/${id}`, { creds: project.server, body: { account_id: "gh-moved", email: null } });
    expect(server.json).toMatchObject({ account_id: "gh-moved", email: null });
  });

  it("deletes a link, after which it is not found (404, plain text)", async () => {
    const user = await signUpUser(t, project.client);
    const id = (await createLink(user.userId)).json.id as string;
    expect((await call(t, "DELETE", `/oauth-providers/me/${id}`, { creds: asUser(user) })).json).toEqual({ success: true });
    const gone = await call(t, "GET", `/oauth-providers/me/${id}`, { creds: asUser(user) });
    expect(gone.status).toBe(404);
    expect(gone.text).toMatch(/no linked OAuth account/);
    expect((await call(t, "GET", "/users/me", { creds: asUser(user) })).json.oauth_providers).toEqual([]);
    expect((await call(t, "DELETE", `/oauth-providers/me/${id}`, { creds: asUser(user) })).status).toBe(404);
  });

  it("refuses a provider the config does not have (404), an unknown user, another user's link (404) and, for a client, another user (403)", async () => {
    const user = await signUpUser(t, project.client);
    const unconfigured = await createLink(user.userId, { provider_config_id: "gitlab" });
    expect(unconfigured.status).toBe(404);
    expect(unconfigured.text).toMatch(/no OAuth provider gitlab/);
    expect((await createLink("00000000-0000-4000-8000-000000000000")).json.code).toBe("USER_ID_DOES_NOT_EXIST");
    const other = await signUpUser(t, project.client);
    const theirs = (await createLink(other.userId)).json.id as string;
    // Not this user's link, whoever asks.
    expect((await call(t, "GET", `/oauth-providers/me/${theirs}`, { creds: asUser(user) })).status).toBe(404);
    expect((await call(t, "GET", `/oauth-providers/${user.userId}/${theirs}`, { creds: project.server })).status).toBe(404);
    expect((await call(t, "PATCH", `/oauth-providers/${user.userId}/${theirs}`, { creds: project.server, body: { allow_sign_in: false } })).status).toBe(404);
    // Client access naming another user.
    for (const [method, path] of [
      ["GET", `/oauth-providers/${other.userId}/${theirs}`],
      ["DELETE", `/oauth-providers/${other.userId}/${theirs}`],
      ["GET", `/oauth-providers?user_id=${other.userId}`],
    ] as const) {
      const res = await callUntyped(t, method, path, { creds: asUser(user) });
      expect(res.status, path).toBe(403);
      expect(res.text).toMatch(/signed-in user/);
    }
    // The other user's link is untouched.
    expect((await call(t, "GET", `/oauth-providers/${other.userId}/${theirs}`, { creds: project.server })).status).toBe(200);
  });

  it("takes user_id me for the server key with the user's token", async () => {
    const user = await signUpUser(t, project.client);
    const created = await call(t, "POST", "/oauth-providers", {
      creds: { ...project.server, accessToken: user.accessToken },
      body: { user_id: "me", provider_config_id: "github", account_id: `gh-me-${Date.now()}`, email: null, allow_sign_in: true, allow_connected_accounts: true },
    });
    expect(created.status).toBe(201);
    expect(created.json.user_id).toBe(user.userId);
  });

  it("lets a user sign in with one account per provider; more may serve as connected accounts", async () => {
    const user = await signUpUser(t, project.client);
    const first = await createLink(user.userId);
    expect(first.status).toBe(201);
    const second = await createLink(user.userId);
    expect(second.status).toBe(400);
    expect(second.text).toMatch(/one account per provider/);
    const connectedOnly = await createLink(user.userId, { allow_sign_in: false });
    expect(connectedOnly.status).toBe(201);
    const switchOn = await call(t, "PATCH", `/oauth-providers/me/${connectedOnly.json.id}`, { creds: asUser(user), body: { allow_sign_in: true } });
    expect(switchOn.status).toBe(400);
    // Once the first stops signing in, the other may.
    await call(t, "PATCH", `/oauth-providers/me/${first.json.id}`, { creds: asUser(user), body: { allow_sign_in: false } });
    expect((await call(t, "PATCH", `/oauth-providers/me/${connectedOnly.json.id}`, { creds: asUser(user), body: { allow_sign_in: true } })).status).toBe(200);
  });

  it("still lists, reads and removes links after their provider left the config", async () => {
    const p = await createProjectFixture(t);
    await configureOAuth(t, p, { github: GITHUB });
    const user = await signUpUser(t, p.client);
    const created = await call(t, "POST", "/oauth-providers", {
      creds: p.server,
      body: { user_id: user.userId, provider_config_id: "github", account_id: "gh-gone", email: null, allow_sign_in: true, allow_connected_accounts: true },
    });
    expect(created.status).toBe(201);
    const removed = await call(t, "PATCH", "/internal/config/override/environment", {
      creds: p.admin,
      body: { config_override_string: JSON.stringify({ "auth.oauth.providers.github": null }) },
    });
    expect(removed.status).toBe(200);
    const listed = await call(t, "GET", `/oauth-providers?user_id=${user.userId}`, { creds: p.server });
    expect(listed.json.items).toEqual([expect.objectContaining({ id: created.json.id, type: "github", provider_config_id: "github" })]);
    expect((await call(t, "GET", `/oauth-providers/${user.userId}/${created.json.id}`, { creds: p.server })).status).toBe(200);
    expect((await call(t, "DELETE", `/oauth-providers/${user.userId}/${created.json.id}`, { creds: p.server })).status).toBe(200);
  });
});

const ALL = ["client", "server", "admin"] as const;
const SOME_ID = "00000000-0000-4000-8000-000000000000";
const foreign = (_method: string, body?: unknown) => async (ctx: SecurityContext) => ({
  path: `/oauth-providers/${ctx.otherProject.user.userId}/${SOME_ID}`,
  creds: ctx.project.server,
  body,
  code: "USER_NOT_FOUND" as const,

});
describeSecurity({
  operationId: "listOAuthProviders",
  method: "GET",
  path: "/oauth-providers?user_id=me",
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({ path: `/oauth-providers?user_id=${ctx.otherProject.user.userId}`, creds: ctx.project.server, code: "USER_NOT_FOUND" }),
});
describeSecurity({
  operationId: "createOAuthProvider",
  method: "POST",
  path: "/oauth-providers",
  access: ["server", "admin"],
  body: { user_id: SOME_ID, provider_config_id: "github", account_id: "x", allow_sign_in: true, allow_connected_accounts: true },
});
describeSecurity({ operationId: "getOAuthProvider", method: "GET", path: `/oauth-providers/me/${SOME_ID}`, access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", foreignResource: foreign("GET") });
describeSecurity({
  operationId: "updateOAuthProvider",
  method: "PATCH",
  path: `/oauth-providers/me/${SOME_ID}`,
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  body: { allow_sign_in: false },
  foreignResource: foreign("PATCH", { allow_sign_in: false }),
});
describeSecurity({ operationId: "deleteOAuthProvider", method: "DELETE", path: `/oauth-providers/me/${SOME_ID}`, access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", foreignResource: foreign("DELETE") });
