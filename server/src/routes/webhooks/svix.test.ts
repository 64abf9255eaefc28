import { Svix, ApiException } from "svix";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverDueWebhooks } from "../../services/webhooks/delivery-worker";
import { call, callUntyped, createProjectFixture, internalClient, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
beforeAll(() => {
  t = app();
});
beforeEach(async () => {
  // Deliveries an earlier test left waiting would be tried here.
  await t.db.query("UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'pending'");
});

const SERVER_URL = "http://localhost:8102/api/v1/webhooks/svix";

/** The official Svix client, talking to the app in process. */
const svixClient = (token: string) => new Svix(token, { serverUrl: SERVER_URL, fetch: (input, init) => t.request(String(input), init) });

const ownerCreds = (project: ProjectFixture): Credentials => ({ projectId: project.projectId, accessType: "admin", adminAccessToken: project.owner.accessToken });

async function tokenFor(project: ProjectFixture, creds: Credentials = ownerCreds(project)): Promise<string> {
  const answer = await callUntyped(t, "POST", "/webhooks/svix-token", { creds, body: {} });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.url).toBeUndefined();
  return answer.json.token as string;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; body: { code?: string } }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiException);
  return { code: (error as ApiException<{ code?: string }>).code, body: (error as ApiException<{ code?: string }>).body };
}

describe("the Svix-compatible webhook API", () => {
  it("manages the project's endpoints with the svix client, as the project's own webhook API sees them", async () => {
    const project = await createProjectFixture(t);
    const svix = svixClient(await tokenFor(project));
    expect((await svix.endpoint.list(project.projectId)).data).toEqual([]);

    const created = await svix.endpoint.create(project.projectId, { url: "https://hooks.example.com/in", description: "Orders", filterTypes: ["user.created"] });
    expect(created).toMatchObject({ url: "https://hooks.example.com/in", description: "Orders", disabled: false, filterTypes: ["user.created"], version: 1 });
    const own = await callUntyped(t, "GET", `/internal/webhooks/endpoints/${created.id}`, { creds: project.admin });
    expect(own.json).toMatchObject({ id: created.id, url: "https://hooks.example.com/in", description: "Orders", enabled: true, events: ["user.created"] });

    // Svix's update replaces the endpoint: what is left out takes its default.
    const updated = await svix.endpoint.update(project.projectId, created.id, { url: "https://hooks.example.com/v2", disabled: true });
    expect(updated).toMatchObject({ url: "https://hooks.example.com/v2", description: "", disabled: true, filterTypes: null });
    expect((await svix.endpoint.get(project.projectId, created.id)).url).toBe("https://hooks.example.com/v2");
    expect((await svix.endpoint.list(project.projectId)).data.map((e) => e.id)).toEqual([created.id]);

    await svix.endpoint.delete(project.projectId, created.id);
    expect(await refusal(svix.endpoint.get(project.projectId, created.id))).toMatchObject({ code: 404, body: { code: "WEBHOOK_ENDPOINT_NOT_FOUND" } });
    expect((await svix.endpoint.list(project.projectId)).data).toEqual([]);
  });

  it("lists an endpoint's tries and reads each message's body, as Stack's helpers do", async () => {
    const project = await createProjectFixture(t, { config: { allow_localhost: true } });
    const svix = svixClient(await tokenFor(project));
    // Nothing listens on port 9: the try fails, as in Stack's tests (http://localhost:12345).
    const endpoint = await svix.endpoint.create(project.projectId, { url: "http://127.0.0.1:9/webhook" });
    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Svix team" } });
    expect(team.status).toBe(201);
    await deliverDueWebhooks(t.deps, { timeoutMs: 2_000, retryDelaysMs: [60_000] });

    const attempts = await svix.messageAttempt.listByEndpoint(project.projectId, endpoint.id);
    expect(attempts.done).toBe(true);
    expect(attempts.data).toEqual([
      expect.objectContaining({ endpointId: endpoint.id, url: "http://127.0.0.1:9/webhook", status: 2, responseStatusCode: 0, triggerType: 0 }),
    ]);
    const attempt = attempts.data[0]!;
    expect(attempt.msgId).toMatch(/^msg_[0-9a-zA-Z]{27}$/);
    const message = await svix.message.get(project.projectId, attempt.msgId, { withContent: true });
    expect(message).toMatchObject({ id: attempt.msgId, eventType: "team.created", channels: null, eventId: null });
    expect(message.payload).toEqual({ type: "team.created", data: expect.objectContaining({ id: team.json.id, display_name: "Svix team" }) });

    expect(await refusal(svix.message.get(project.projectId, "msg_000000000000000000000000000"))).toMatchObject({ code: 404, body: { code: "WEBHOOK_MESSAGE_NOT_FOUND" } });
    // A cursor that is not one this API gave out is refused, not a database error.
    const bad = await callUntyped(t, "GET", `/webhooks/svix/api/v1/app/${project.projectId}/attempt/endpoint/${endpoint.id}?iterator=x`, {
      headers: { authorization: `Bearer ${await tokenFor(project)}` },
    });
    expect(bad.status).toBe(400);
  });

  it("opens only the token's own project, and nothing without a valid token", async () => {
    const project = await createProjectFixture(t);
    const other = await createProjectFixture(t);
    const token = await tokenFor(project);
    const otherEndpoint = await svixClient(await tokenFor(other)).endpoint.create(other.projectId, { url: "https://other.example.com/in" });

    // Each call starts only when awaited: a refusal nobody awaits yet would be an unhandled rejection.
    for (const attempt of [
      () => svixClient(token).endpoint.list(other.projectId),
      () => svixClient(token).endpoint.get(other.projectId, otherEndpoint.id),
      () => svixClient(token).endpoint.delete(other.projectId, otherEndpoint.id),
      () => svixClient("whpt_not-a-token").endpoint.list(project.projectId),
    ]) {
      expect(await refusal(attempt())).toMatchObject({ code: 401, body: { code: "WEBHOOK_PORTAL_TOKEN_INVALID" } });
    }
    const bare = await callUntyped(t, "GET", `/webhooks/svix/api/v1/app/${project.projectId}/endpoint`);
    expect(bare.json.code).toBe("WEBHOOK_PORTAL_TOKEN_INVALID");
    // The other project's endpoint is untouched.
    expect((await callUntyped(t, "GET", `/internal/webhooks/endpoints/${otherEndpoint.id}`, { creds: other.admin })).status).toBe(200);

    // Only the digest is stored.
    const stored = await t.db.query<{ token_hash: string }>("SELECT token_hash FROM webhook_portal_tokens WHERE project_id = $1", [project.projectId]);
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    // Expired: refused.
    await t.db.query("UPDATE webhook_portal_tokens SET expires_at = now() - interval '1 second' WHERE project_id = $1", [project.projectId]);
    expect(await refusal(svixClient(token).endpoint.list(project.projectId))).toMatchObject({ code: 401 });
  });

  it("stops a token made with an owner's session when the owner signs out or no longer owns the project; a key's token keeps working", async () => {
    const project = await createProjectFixture(t);
    const token = await tokenFor(project);
    const keyToken = await tokenFor(project, project.admin);
    await svixClient(token).endpoint.list(project.projectId);

    const signOut = await call(t, "DELETE", "/auth/sessions/current", { creds: { ...internalClient, accessToken: project.owner.accessToken } });
    expect(signOut.status).toBe(200);
    expect(await refusal(svixClient(token).endpoint.list(project.projectId))).toMatchObject({ code: 401, body: { code: "WEBHOOK_PORTAL_TOKEN_INVALID" } });
    expect((await svixClient(keyToken).endpoint.list(project.projectId)).data).toEqual([]);
  });
});

const APP = "proj-svix";
const PORTAL_PATHS = [
  ["GET", `/webhooks/svix/api/v1/app/${APP}/endpoint`],
  ["POST", `/webhooks/svix/api/v1/app/${APP}/endpoint`],
  ["GET", `/webhooks/svix/api/v1/app/${APP}/endpoint/e1`],
  ["PUT", `/webhooks/svix/api/v1/app/${APP}/endpoint/e1`],
  ["DELETE", `/webhooks/svix/api/v1/app/${APP}/endpoint/e1`],
  ["GET", `/webhooks/svix/api/v1/app/${APP}/attempt/endpoint/e1`],
  ["GET", `/webhooks/svix/api/v1/app/${APP}/msg/msg_1`],
] as const;

describe("Svix-compatible routes without a token", () => {
  it.each(PORTAL_PATHS)("%s %s answers WEBHOOK_PORTAL_TOKEN_INVALID", async (method, path) => {
    const answer = await callUntyped(t, method, path, { body: method === "POST" || method === "PUT" ? { url: "https://example.com/in" } : undefined, headers: { authorization: "Bearer whpt_x" } });
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe("WEBHOOK_PORTAL_TOKEN_INVALID");
  });
});

describeSecurity({ operationId: "createSvixToken", method: "POST", path: "/webhooks/svix-token", access: ["admin"], body: {} });
