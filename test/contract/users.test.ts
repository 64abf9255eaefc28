import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../harness";
import { expectKnownErrorThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import {
  bootstrapProject,
  PASSWORD,
  refreshThroughProxy,
  signUpThroughProxy,
  useProxiedServer,
  type ContractProject,
} from "../support/proxied-server";

describeMockContract("users");

const UNKNOWN_USER = "0b7e4c1a-5d2f-4e8a-9c3b-6f1d2e3a4b5c";

describe("users: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const createUser = (body: Record<string, unknown>, creds = project.server) => env.api.call("POST", "/users", { creds, body });

  it("creates a user with the secret server key, who can then sign in with the password", async () => {
    const email = uniqueEmail("created");
    const res = await createUser({ primary_email: email, primary_email_auth_enabled: true, password: PASSWORD, display_name: "Created", primary_email_verified: true });
    expectValidThroughProxy(res, 201);
    expect(res.json).toMatchObject({
      id: expect.any(String),
      primary_email: email,
      primary_email_verified: true,
      display_name: "Created",
      has_password: true,
      server_metadata: null,
    });

    const signIn = await env.api.call("POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: PASSWORD } });
    expectValidThroughProxy(signIn, 200);
    expect(signIn.json.user_id).toBe(res.json.id);
  });

  it("answers creating a second user with the same address with 409 USER_EMAIL_ALREADY_EXISTS", async () => {
    const email = uniqueEmail("twice");
    expectValidThroughProxy(await createUser({ primary_email: email, primary_email_auth_enabled: true }), 201);
    const res = await createUser({ primary_email: email, primary_email_auth_enabled: true });
    expectKnownErrorThroughProxy(res, 409, "USER_EMAIL_ALREADY_EXISTS");
  });

  it("reads a user by id, and `me` as the user of the access token", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const byId = await env.api.call("GET", `/users/${session.userId}`, { creds: project.server });
    expectValidThroughProxy(byId, 200);
    expect(byId.json).toMatchObject({ id: session.userId, primary_email: session.email });

    const me = await env.api.call("GET", "/users/me", { creds: { ...project.server, accessToken: session.accessToken } });
    expectValidThroughProxy(me, 200);
    // Using the access token counts as activity, so only that timestamp may have moved on.
    const { last_active_at_millis: activeById, ...restById } = byId.json;
    const { last_active_at_millis: activeAsMe, ...restAsMe } = me.json;
    expect(restAsMe).toEqual(restById);
    expect(activeAsMe).toBeGreaterThanOrEqual(activeById);
  });

  it("answers an unknown user, or another project's user, with 404 USER_NOT_FOUND", async () => {
    expectKnownErrorThroughProxy(await env.api.call("GET", `/users/${UNKNOWN_USER}`, { creds: project.server }), 404, "USER_NOT_FOUND");
    const other = await bootstrapProject(env.api);
    const foreign = await signUpThroughProxy(env.api, other.client);
    expectKnownErrorThroughProxy(await env.api.call("GET", `/users/${foreign.userId}`, { creds: project.server }), 404, "USER_NOT_FOUND");
    expectKnownErrorThroughProxy(
      await env.api.call("PATCH", `/users/${foreign.userId}`, { creds: project.server, body: { display_name: "Hijacked" } }),
      404,
      "USER_NOT_FOUND",
    );
    expectKnownErrorThroughProxy(await env.api.call("DELETE", `/users/${foreign.userId}`, { creds: project.server }), 404, "USER_NOT_FOUND");
  });

  it("answers `me` without a user session with 400 CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
    expectKnownErrorThroughProxy(await env.api.call("GET", "/users/me", { creds: project.server }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  it("updates server-side fields; the client view shows the read-only metadata but never the server metadata", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const patch = await env.api.call("PATCH", `/users/${session.userId}`, {
      creds: project.admin,
      body: {
        display_name: "Managed",
        server_metadata: { stripe_customer: "cus_123" },
        client_read_only_metadata: { plan: "pro" },
        primary_email_verified: true,
      },
    });
    expectValidThroughProxy(patch, 200);
    expect(patch.json).toMatchObject({
      display_name: "Managed",
      server_metadata: { stripe_customer: "cus_123" },
      client_read_only_metadata: { plan: "pro" },
      primary_email_verified: true,
    });

    const client = await env.api.call("GET", "/users/me", { creds: { ...project.client, accessToken: session.accessToken } });
    expectValidThroughProxy(client, 200);
    expect(client.json).toMatchObject({ display_name: "Managed", client_read_only_metadata: { plan: "pro" }, primary_email_verified: true });
    expect(client.json).not.toHaveProperty("server_metadata");
  });

  it("restricts a user by administrator, which the user then sees", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const patch = await env.api.call("PATCH", `/users/${session.userId}`, {
      creds: project.server,
      body: { restricted_by_admin: true, restricted_by_admin_reason: "Under review", restricted_by_admin_private_details: "ticket 42" },
    });
    expectValidThroughProxy(patch, 200);
    expect(patch.json).toMatchObject({
      is_restricted: true,
      restricted_reason: { type: "restricted_by_administrator" },
      restricted_by_admin_reason: "Under review",
      restricted_by_admin_private_details: "ticket 42",
    });
    const client = await env.api.call("GET", "/users/me", { creds: { ...project.client, accessToken: session.accessToken } });
    expectValidThroughProxy(client, 200);
    expect(client.json).toMatchObject({ is_restricted: true, restricted_by_admin_reason: "Under review" });
    expect(client.json).not.toHaveProperty("restricted_by_admin_private_details");
  });

  it("lists users a page at a time with an opaque cursor, and filters by a query", async () => {
    const own = await bootstrapProject(env.api);
    const tag = `page${Date.now().toString(36)}`;
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await createUser({ primary_email: uniqueEmail(tag), display_name: `${tag} ${i}` }, own.server);
      expectValidThroughProxy(res, 201);
      created.push(res.json.id);
    }

    const first = await env.api.call("GET", "/users", { creds: own.server, query: { limit: "2" } });
    expectValidThroughProxy(first, 200);
    expect(first.json.is_paginated).toBe(true);
    expect(first.json.items).toHaveLength(2);
    expect(first.json.pagination.next_cursor).toEqual(expect.any(String));

    const second = await env.api.call("GET", "/users", { creds: own.server, query: { limit: "2", cursor: first.json.pagination.next_cursor } });
    expectValidThroughProxy(second, 200);
    expect(second.json.items).toHaveLength(1);
    expect(second.json.pagination.next_cursor).toBeNull();
    const all = [...first.json.items, ...second.json.items].map((u: { id: string }) => u.id);
    expect(all.sort()).toEqual([...created].sort());

    const filtered = await env.api.call("GET", "/users", { creds: own.server, query: { query: `${tag} 1` } });
    expectValidThroughProxy(filtered, 200);
    expect(filtered.json.items.map((u: { id: string }) => u.id)).toEqual([created[1]]);
  });

  it("deletes a user: gone from reads, sign-in and refresh", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await env.api.call("DELETE", `/users/${session.userId}`, { creds: project.server });
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ success: true });

    expectKnownErrorThroughProxy(await env.api.call("GET", `/users/${session.userId}`, { creds: project.server }), 404, "USER_NOT_FOUND");
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/auth/password/sign-in", { creds: project.client, body: { email: session.email, password: PASSWORD } }),
      400,
      "EMAIL_PASSWORD_MISMATCH",
    );
    expectKnownErrorThroughProxy(
      await refreshThroughProxy(env.api, project.projectId, session.refreshToken, project.keys.publishableKey),
      401,
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
    );
  });

  it("has the document and the server agree that client access cannot manage users", async () => {
    expectProxyRefusal(await env.api.call("GET", "/users", { creds: project.client }), "UNAUTHORIZED");
    const direct = await env.direct.call("GET", "/users", { creds: project.client });
    expect(direct.status).toBe(401);
    expect(direct.json).toMatchObject({ code: "INSUFFICIENT_ACCESS_TYPE", details: { actual_access_type: "client" } });
  });

  it("has the document and the server agree on the limits of a page", async () => {
    expectProxyRefusal(await env.api.call("GET", "/users", { creds: project.server, query: { limit: "0" } }), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.call("GET", "/users", { creds: project.server, query: { limit: "0" } });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });
});
