import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "svix";
import { issueCode } from "../../services/auth/verification-codes";
import { deliverDueWebhooks } from "../../services/webhooks/delivery-worker";
import { callUntyped, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";

const app = useSharedTestApp();
let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = app();
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  // Deliveries an earlier test left waiting would reach this test's receiver.
  await t.db.query("UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'pending'");
  receiver.received.length = 0;
  receiver.answer = () => 200;
});

/** One pass of the worker, with retries due at once, as the process's worker would make when woken. */
const deliver = (retryDelaysMs: number[] = [0, 0]) => deliverDueWebhooks(t.deps, { timeoutMs: 2_000, retryDelaysMs });
const asAdmin = (project: ProjectFixture, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  callUntyped(t, method, path, { creds: project.admin, body });
const asServer = (project: ProjectFixture, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  callUntyped(t, method, path, { creds: project.server, body });

async function projectWithEndpoint(events?: string[], url = receiver.url) {
  const project = await createProjectFixture(t);
  const created = await asAdmin(project, "POST", "/internal/webhooks/endpoints", { url, description: "receiver", ...(events ? { events } : {}) });
  expect(created.status, created.text).toBe(201);
  return { project, endpoint: created.json as { id: string; secret: string } };
}

const deliveries = async (project: ProjectFixture, query = "") => (await asAdmin(project, "GET", `/internal/webhooks/deliveries${query}`)).json.items;

describe("webhook endpoints", () => {
  it("shows the secret once, keeps it sealed at rest, and lists, reads, changes and removes endpoints", async () => {
    const { project, endpoint } = await projectWithEndpoint(["user.created"]);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: receiver.url, description: "receiver", enabled: true, events: ["user.created"], secret_created_at_millis: expect.any(Number) });

    const read = await asAdmin(project, "GET", `/internal/webhooks/endpoints/${endpoint.id}`);
    expect(read.json).not.toHaveProperty("secret");
    expect((await asAdmin(project, "GET", "/internal/webhooks/endpoints")).json.items.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    const stored = await t.db.query<{ sealed_secret: string }>("SELECT sealed_secret FROM webhook_endpoint_secrets WHERE endpoint_id = $1", [endpoint.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sealed_secret).not.toContain(endpoint.secret.slice(6, 20));
    // The endpoint is configuration: the rendered document shows it, without its secret.
    const config = JSON.parse((await asAdmin(project, "GET", "/internal/config")).json.config_string);
    expect(config.webhooks.endpoints[endpoint.id]).toEqual({ url: receiver.url, description: "receiver", enabled: true, events: { user: { created: true } } });
    expect(JSON.stringify(config)).not.toContain(endpoint.secret);

    const changed = await asAdmin(project, "PATCH", `/internal/webhooks/endpoints/${endpoint.id}`, { events: ["team.created", "team.deleted"], enabled: false });
    expect(changed.json).toMatchObject({ events: ["team.created", "team.deleted"], enabled: false });

    expect((await asAdmin(project, "DELETE", `/internal/webhooks/endpoints/${endpoint.id}`)).status).toBe(200);
    expect((await asAdmin(project, "GET", `/internal/webhooks/endpoints/${endpoint.id}`)).json.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    expect(await t.db.query("SELECT 1 FROM webhook_endpoint_secrets WHERE endpoint_id = $1", [endpoint.id])).toHaveLength(0);
  });

  it.each([
    ["a URL that is not http", { url: "ftp://example.com/hook" }],
    ["a URL with a wildcard", { url: "https://*.example.com/hook" }],
    ["an unknown event", { url: "https://example.com/hook", events: ["user.exploded"] }],
    ["an unknown field", { url: "https://example.com/hook", secret: "whsec_mine" }],
    ["no URL", { description: "nowhere" }],
  ])("refuses %s with SCHEMA_ERROR and stores nothing", async (_case, body) => {
    const project = await createProjectFixture(t);
    const res = await asAdmin(project, "POST", "/internal/webhooks/endpoints", body);
    expect(res.json.code, res.text).toBe("SCHEMA_ERROR");
    expect((await asAdmin(project, "GET", "/internal/webhooks/endpoints")).json.items).toEqual([]);
  });

  it("answers WEBHOOK_ENDPOINT_NOT_FOUND for another project's endpoint", async () => {
    const { endpoint } = await projectWithEndpoint();
    const other = await createProjectFixture(t);
    for (const [method, path, body] of [
      ["GET", `/internal/webhooks/endpoints/${endpoint.id}`],
      ["PATCH", `/internal/webhooks/endpoints/${endpoint.id}`, { enabled: false }],
      ["DELETE", `/internal/webhooks/endpoints/${endpoint.id}`],
      ["POST", `/internal/webhooks/endpoints/${endpoint.id}/rotate-secret`],
      ["POST", "/internal/send-test-webhook", { endpoint_id: endpoint.id }],
    ] as const) {
      expect((await asAdmin(other, method, path, body)).json.code, `${method} ${path}`).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    }
  });
});

describe("webhook delivery", () => {
  it("sends each event signed (verified with svix), with the server read shape, for every event of CONTRACT", async () => {
    const { project, endpoint } = await projectWithEndpoint();
    await asAdmin(project, "POST", "/project-permission-definitions", { id: "reports" });
    const created = await asServer(project, "POST", "/users", { primary_email: uniqueEmail("hooked"), display_name: "Hooked" });
    const userId: string = created.json.id;
    await asServer(project, "PATCH", `/users/${userId}`, { display_name: "Renamed" });
    const team = await asServer(project, "POST", "/teams", { display_name: "Hook team" });
    const teamId: string = team.json.id;
    await asServer(project, "PATCH", `/teams/${teamId}`, { display_name: "Hook team 2" });
    await asServer(project, "POST", `/team-memberships/${teamId}/${userId}`, {});
    await asServer(project, "POST", `/team-permissions/${teamId}/${userId}/team_admin`, {});
    await asServer(project, "DELETE", `/team-permissions/${teamId}/${userId}/team_admin`);
    await asServer(project, "POST", `/project-permissions/${userId}/reports`, {});
    await asServer(project, "DELETE", `/project-permissions/${userId}/reports`);
    await asServer(project, "DELETE", `/team-memberships/${teamId}/${userId}`);
    await asServer(project, "DELETE", `/teams/${teamId}`);
    const userRead = (await asServer(project, "GET", `/users/${userId}`)).json;
    await asServer(project, "DELETE", `/users/${userId}`);

    await deliver();
    const events = receiver.processed(endpoint.secret);
    expect(events.length).toBe(receiver.received.length);
    const byType = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
    expect(byType("user.created").map((u) => u.id)).toEqual([userId]);
    expect(byType("user.created")[0]).toMatchObject({ display_name: "Hooked", primary_email: created.json.primary_email, server_metadata: null });
    expect(byType("user.updated")).toEqual([userRead]);
    expect(byType("user.deleted")).toEqual([{ id: userId, teams: [] }]);
    expect(byType("team.created")).toEqual([expect.objectContaining({ id: teamId, display_name: "Hook team", created_at_millis: expect.any(Number), server_metadata: null })]);
    expect(byType("team.updated")).toEqual([expect.objectContaining({ id: teamId, display_name: "Hook team 2" })]);
    expect(byType("team.deleted")).toEqual([{ id: teamId }]);
    // The personal team of the new user and the membership added above.
    expect(byType("team_membership.created")).toContainEqual({ team_id: teamId, user_id: userId });
    expect(byType("team_membership.deleted")).toEqual([{ team_id: teamId, user_id: userId }]);
    // Joining grants the default member permission, announced as Stack Auth does; then the grant above.
    expect(byType("team_permission.created")).toHaveLength(2);
    expect(byType("team_permission.created")).toEqual(
      expect.arrayContaining([
        { id: "team_member", user_id: userId, team_id: teamId },
        { id: "team_admin", user_id: userId, team_id: teamId },
      ]),
    );
    expect(byType("team_permission.deleted")).toEqual([{ id: "team_admin", user_id: userId, team_id: teamId }]);
    expect(byType("project_permission.created")).toEqual([{ id: "reports", user_id: userId }]);
    expect(byType("project_permission.deleted")).toEqual([{ id: "reports", user_id: userId }]);
    // Headers a Standard Webhooks receiver needs, and a fresh id per event.
    const first = receiver.received[0]!;
    expect(first.webhookId).toMatch(/^msg_/);
    expect(Number(first.headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -2);
    expect(new Set(receiver.received.map((r) => r.webhookId)).size).toBe(receiver.received.length);
    // A body signed with another secret does not verify.
    expect(() => new Webhook("whsec_" + Buffer.alloc(32, 7).toString("base64")).verify(first.body, first.headers as Record<string, string>)).toThrow();

    const log = await deliveries(project);
    expect(log.every((d: { status: string }) => d.status === "delivered")).toBe(true);
    expect(log[0].tries).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null })]);
  });

  it("sends user.updated when the user's read shape changes outside a user update: primary e-mail, its removal, a first password", async () => {
    const { project, endpoint } = await projectWithEndpoint(["user.updated"]);
    const user = (await asServer(project, "POST", "/users", {})).json;
    const primary = await asServer(project, "POST", "/contact-channels", { user_id: user.id, value: uniqueEmail("primary"), type: "email", used_for_auth: true, is_primary: true });
    expect(primary.status, primary.text).toBe(201);
    // Events are not ordered among themselves: each step is delivered before the next.
    await deliver();
    // A second address is not part of the user's read shape: no event.
    const secondary = await asServer(project, "POST", "/contact-channels", { user_id: user.id, value: uniqueEmail("second"), type: "email", used_for_auth: false });
    await asServer(project, "PATCH", `/contact-channels/${user.id}/${secondary.json.id}`, { used_for_auth: true });
    await asServer(project, "DELETE", `/contact-channels/${user.id}/${secondary.json.id}`);
    await deliver();
    await asServer(project, "DELETE", `/contact-channels/${user.id}/${primary.json.id}`);
    await deliver();
    const shapes = receiver.processed(endpoint.secret).map((e) => e.data);
    expect(shapes.map((u) => [u.id, u.primary_email])).toEqual([
      [user.id, primary.json.value],
      [user.id, null],
    ]);

    // Verifying the primary address changes primary_email_verified.
    receiver.received.length = 0;
    const address = uniqueEmail("verified");
    const channel = await asServer(project, "POST", "/contact-channels", { user_id: user.id, value: address, type: "email", used_for_auth: true, is_primary: true });
    await deliver();
    const { code } = await issueCode(t.db, { projectId: project.projectId, branchId: "main" }, {
      purpose: "email_verification",
      expiresInMs: 60_000,
      userId: user.id,
      email: address,
      data: { channel_id: channel.json.id },
    });
    const verified = await callUntyped(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code } });
    expect(verified.status, verified.text).toBe(200);
    await deliver();
    expect(receiver.processed(endpoint.secret).map((e) => [e.data.primary_email, e.data.primary_email_verified])).toEqual([
      [address, false],
      [address, true],
    ]);

    const signedIn = project.user;
    const withoutPassword = await asServer(project, "PATCH", `/users/${signedIn.userId}`, { password: null });
    expect(withoutPassword.json.has_password).toBe(false);
    await deliver();
    receiver.received.length = 0;
    const set = await callUntyped(t, "POST", "/auth/password/set", { creds: { ...project.client, accessToken: signedIn.accessToken }, body: { password: "a-first-password-1" } });
    expect(set.status, set.text).toBe(200);
    await deliver();
    expect(receiver.processed(endpoint.secret).map((e) => [e.data.id, e.data.has_password])).toEqual([[signedIn.userId, true]]);
  });

  it("sends only the events an endpoint takes, and nothing for projects without endpoints", async () => {
    const { project, endpoint } = await projectWithEndpoint(["team.created"]);
    const quiet = await createProjectFixture(t);
    await asServer(quiet, "POST", "/teams", { display_name: "Unheard" });
    await asServer(project, "POST", "/users", { primary_email: uniqueEmail("filtered") });
    await asServer(project, "POST", "/teams", { display_name: "Heard" });
    await deliver();
    expect(receiver.processed(endpoint.secret).map((e) => [e.type, e.data.display_name])).toEqual([["team.created", "Heard"]]);
    expect(await t.db.query("SELECT 1 FROM webhook_deliveries WHERE project_id = $1", [quiet.projectId])).toHaveLength(0);
  });

  it("writes nothing for a change that rolled back", async () => {
    const { project } = await projectWithEndpoint(["user.updated", "user.created"]);
    const taken = uniqueEmail("taken");
    await asServer(project, "POST", "/users", { primary_email: taken, primary_email_auth_enabled: true });
    const other = await asServer(project, "POST", "/users", {});
    const before = (await deliveries(project)).length;
    const refused = await asServer(project, "PATCH", `/users/${other.json.id}`, { primary_email: taken, primary_email_auth_enabled: true, display_name: "never" });
    expect(refused.json.code).toBe("USER_EMAIL_ALREADY_EXISTS");
    expect(await deliveries(project)).toHaveLength(before);
  });

  it("retries a refused delivery with the same webhook-id, logs each try, and gives up after the last", async () => {
    const { project, endpoint } = await projectWithEndpoint(["team.created"]);
    let calls = 0;
    receiver.answer = () => (++calls === 1 ? 500 : 200);
    await asServer(project, "POST", "/teams", { display_name: "Flaky" });
    await deliver([0]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.webhookId).toBe(receiver.received[1]!.webhookId);
    expect(receiver.processed(endpoint.secret)).toHaveLength(1);
    const [flaky] = await deliveries(project);
    expect(flaky).toMatchObject({ status: "delivered", attempts: 2, last_status_code: 200, last_error: null });
    expect(flaky.tries.map((tr: { status_code: number }) => tr.status_code)).toEqual([500, 200]);
    expect(flaky.tries[0].error).toContain("500");

    receiver.answer = () => 503;
    await asServer(project, "POST", "/teams", { display_name: "Down" });
    await deliver([0, 0]);
    const [down] = await deliveries(project);
    expect(down).toMatchObject({ status: "failed", attempts: 3, last_status_code: 503, next_attempt_at_millis: null });
    expect(down.tries).toHaveLength(3);
  });

  it("waits out the back-off before the next try", async () => {
    const { project } = await projectWithEndpoint(["team.created"]);
    receiver.answer = () => 500;
    await asServer(project, "POST", "/teams", { display_name: "Later" });
    await deliver([60_000]);
    await deliver([60_000]);
    expect(receiver.received).toHaveLength(1);
    const [later] = await deliveries(project);
    expect(later.status).toBe("pending");
    expect(later.next_attempt_at_millis).toBeGreaterThan(Date.now() + 50_000);
  });

  it("never sends one delivery twice when workers drain the outbox at the same time", async () => {
    const { project, endpoint } = await projectWithEndpoint(["team.created"]);
    for (let i = 0; i < 30; i++) await asServer(project, "POST", "/teams", { display_name: `Team ${i}` });
    await Promise.all([deliver(), deliver(), deliver()]);
    expect(receiver.received).toHaveLength(30);
    expect(receiver.processed(endpoint.secret)).toHaveLength(30);
  });

  it("signs with the rotated secret from the rotation on", async () => {
    const { project, endpoint } = await projectWithEndpoint(["team.created"]);
    const rotated = await asAdmin(project, "POST", `/internal/webhooks/endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.json.secret).not.toBe(endpoint.secret);
    await asServer(project, "POST", "/teams", { display_name: "Rotated" });
    await deliver();
    expect(receiver.processed(endpoint.secret)).toHaveLength(0);
    expect(receiver.processed(rotated.json.secret)).toHaveLength(1);
  });

  it("gives an endpoint declared through the config API a secret on first use, which rotation reveals", async () => {
    const project = await createProjectFixture(t);
    const patched = await asAdmin(project, "PATCH", "/internal/config/override/environment", {
      config_override_string: JSON.stringify({ "webhooks.endpoints.from-config": { url: receiver.url, events: { "team.created": true } } }),
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await asAdmin(project, "GET", "/internal/webhooks/endpoints/from-config")).json.secret_created_at_millis).toBeNull();
    await asServer(project, "POST", "/teams", { display_name: "Declared" });
    await deliver();
    expect(receiver.received).toHaveLength(1);
    const secret = (await asAdmin(project, "POST", "/internal/webhooks/endpoints/from-config/rotate-secret")).json.secret;
    await asServer(project, "POST", "/teams", { display_name: "Declared 2" });
    await deliver();
    expect(receiver.processed(secret).map((e) => e.data.display_name)).toEqual(["Declared 2"]);
  });

  it("fails waiting deliveries of a removed or disabled endpoint without calling it", async () => {
    const { project, endpoint } = await projectWithEndpoint(["team.created"]);
    await asServer(project, "POST", "/teams", { display_name: "Orphan" });
    await asAdmin(project, "PATCH", `/internal/webhooks/endpoints/${endpoint.id}`, { enabled: false });
    await deliver();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(project))[0]).toMatchObject({ status: "failed", last_error: "The endpoint is disabled" });
    // Disabled endpoints are not written to at all.
    await asServer(project, "POST", "/teams", { display_name: "Unsent" });
    expect(await deliveries(project)).toHaveLength(1);
  });

  it("refuses private and local addresses unless the project allows localhost", async () => {
    const project = await createProjectFixture(t, { config: { allow_localhost: false } });
    const created = await asAdmin(project, "POST", "/internal/webhooks/endpoints", { url: receiver.url, events: ["team.created"] });
    expect(created.status, created.text).toBe(201);
    await asServer(project, "POST", "/teams", { display_name: "Private" });
    await deliver([]);
    expect(receiver.received).toHaveLength(0);
    const [refused] = await deliveries(project);
    expect(refused.status).toBe("failed");
    expect(refused.last_error).toContain("private or local address");
    const test = await asAdmin(project, "POST", "/internal/send-test-webhook", { endpoint_id: created.json.id });
    expect(test.json).toMatchObject({ success: false, status_code: null, error_message: expect.stringContaining("domains.allowLocalhost") });

    // A host name is checked when the socket connects, against every address it resolves to.
    await asAdmin(project, "PATCH", `/internal/webhooks/endpoints/${created.json.id}`, { url: receiver.url.replace("127.0.0.1", "localtest.invalid") });
    const named = await asAdmin(project, "POST", "/internal/send-test-webhook", { endpoint_id: created.json.id });
    expect(named.json.success).toBe(false);
    expect(receiver.received).toHaveLength(0);
  });

  it("sends a signed test event on request and reports the endpoint's answer", async () => {
    const { project, endpoint } = await projectWithEndpoint();
    const ok = await asAdmin(project, "POST", "/internal/send-test-webhook", { endpoint_id: endpoint.id });
    expect(ok.json).toEqual({ success: true, status_code: 200, error_message: null });
    expect(receiver.processed(endpoint.secret)).toEqual([
      { type: "webhook.test", data: { endpoint_id: endpoint.id, project_id: project.projectId }, webhookId: expect.stringMatching(/^msg_/) },
    ]);
    receiver.answer = () => 410;
    const refused = await asAdmin(project, "POST", "/internal/send-test-webhook", { endpoint_id: endpoint.id });
    expect(refused.json).toEqual({ success: false, status_code: 410, error_message: "The endpoint answered 410: refused with 410" });
    // Test events stay out of the outbox and its log.
    expect(await deliveries(project)).toEqual([]);
  });
});

const ENDPOINT = "00000000-0000-4000-8000-000000000000";
describeSecurity({ operationId: "listWebhookEndpoints", method: "GET", path: "/internal/webhooks/endpoints", access: ["admin"] });
describeSecurity({ operationId: "createWebhookEndpoint", method: "POST", path: "/internal/webhooks/endpoints", access: ["admin"], body: { url: "https://example.com/hook" } });
describeSecurity({ operationId: "getWebhookEndpoint", method: "GET", path: `/internal/webhooks/endpoints/${ENDPOINT}`, access: ["admin"] });
describeSecurity({ operationId: "updateWebhookEndpoint", method: "PATCH", path: `/internal/webhooks/endpoints/${ENDPOINT}`, access: ["admin"], body: { enabled: false } });
describeSecurity({ operationId: "deleteWebhookEndpoint", method: "DELETE", path: `/internal/webhooks/endpoints/${ENDPOINT}`, access: ["admin"] });
describeSecurity({ operationId: "rotateWebhookEndpointSecret", method: "POST", path: `/internal/webhooks/endpoints/${ENDPOINT}/rotate-secret`, access: ["admin"] });
describeSecurity({ operationId: "sendTestWebhook", method: "POST", path: "/internal/send-test-webhook", access: ["admin"], body: { endpoint_id: ENDPOINT } });
describeSecurity({ operationId: "listWebhookDeliveries", method: "GET", path: "/internal/webhooks/deliveries", access: ["admin"] });
