/**
 * The outbox as Stack Auth's SDKs and tests read and change it: the captured source and theme,
 * pausing and editing a message (also while a worker renders it), who it goes to, the reasons
 * a message is skipped, the statuses it is listed by, and which failures are not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRendered } from "../../db/queries/email-outbox";
import { BUILT_IN_THEME_IDS } from "../../services/emails/rendering/defaults";
import { call, callUntyped, createProjectFixture, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { createTestApp, type TestApp } from "../../testing/test-server";

let mail: MailCatcher;
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ env: { ...mail.env, EMAIL_SHARED_SERVER_FOR_PROJECT_MAIL: "true", EMAIL_POLL_MS: "200" }, emailWorker: true });
  project = await createProjectFixture(t);
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const FAR = () => Date.now() + 3_600_000;
const outbox = async (id: string, p: ProjectFixture = project) => (await callUntyped(t, "GET", `/emails/outbox/${id}`, { creds: p.server })).json;
const edit = (id: string, body: Record<string, unknown>, p: ProjectFixture = project) => callUntyped(t, "PATCH", `/emails/outbox/${id}`, { creds: p.server, body });

async function lastEmailTo(userId: string): Promise<string> {
  const rows = await t.db.query<{ id: string }>("SELECT id FROM email_outbox WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1", [userId]);
  return rows[0]!.id;
}

async function queue(userId: string, body: Record<string, unknown>, p: ProjectFixture = project): Promise<string> {
  const sent = await call(t, "POST", "/emails/send-email", { creds: p.server, body: { user_ids: [userId], ...body } as never });
  expect(sent.status, sent.text).toBe(200);
  return lastEmailTo(userId);
}

const SOURCE = (subject: string, body: string) => `import { Container } from "@react-email/components";
import { Subject, NotificationCategory } from "@stackframe/emails";
export function EmailTemplate({ user }) {
  return <Container><Subject value="${subject}" /><NotificationCategory value="Transactional" /><div>${body} {user.displayName}</div></Container>;
}`;

describe("what the outbox keeps", () => {
  it("keeps a message waiting as Stack Auth shows it: its template source, theme, recipient and nothing rendered yet", async () => {
    const user = await signUpUser(t, project.client);
    const draft = await call(t, "POST", "/internal/email-drafts", { creds: project.admin, body: { display_name: "D", tsx_source: SOURCE("Held", "Hello"), theme_id: false } });
    const id = await queue(user.userId, { draft_id: draft.json.id, scheduled_at_millis: FAR() });
    const paused = await edit(id, { is_paused: true });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json).toEqual({
      id,
      created_at_millis: expect.any(Number),
      updated_at_millis: expect.any(Number),
      tsx_source: SOURCE("Held", "Hello"),
      theme_id: null,
      to: { type: "user-primary-email", user_id: user.userId },
      variables: {},
      skip_deliverability_check: false,
      scheduled_at_millis: expect.any(Number),
      created_with: "draft",
      email_draft_id: draft.json.id,
      email_programmatic_call_template_id: null,
      send_retries: 0,
      next_send_retry_at_millis: null,
      send_attempt_errors: null,
      is_paused: true,
      has_rendered: false,
      has_delivered: false,
      status: "paused",
      simple_status: "in-progress",
    });
  });

  it("sends the template as it was when queued, even after the template is deleted", async () => {
    const own = { type: "standard", host: mail.host, port: mail.port, username: "u", password: "p", sender_name: "Own", sender_email: "own@acme.example" };
    const p = await createProjectFixture(t, { config: { allow_localhost: true, email_config: own } });
    const created = await call(t, "POST", "/internal/email-templates", { creds: p.admin, body: { display_name: "Short-lived" } });
    const templateId = created.json.id as string;
    expect((await callUntyped(t, "PATCH", `/internal/email-templates/${templateId}`, { creds: p.admin, body: { tsx_source: SOURCE("Gone template", "Kept content") } })).status).toBe(200);
    const id = await queue(p.user.userId, { template_id: templateId, scheduled_at_millis: FAR() }, p);
    expect((await callUntyped(t, "DELETE", `/internal/email-templates/${templateId}`, { creds: p.admin })).status).toBe(200);
    await edit(id, { scheduled_at_millis: Date.now() }, p);
    const caught = await mail.waitFor(p.user.email, (m) => m.subject === "Gone template");
    expect(caught.html).toContain("Kept content");
    expect(await outbox(id, p)).toMatchObject({ email_programmatic_call_template_id: templateId, tsx_source: expect.stringContaining("Kept content") });
  });
});

describe("PATCH /emails/outbox/{id}", () => {
  it("pauses and unpauses a message; a paused one is not sent when due", async () => {
    const user = await signUpUser(t, project.client);
    const id = await queue(user.userId, { subject: "Paused", html: "<p>p</p>", scheduled_at_millis: Date.now() + 800 });
    expect((await edit(id, { is_paused: true })).json).toMatchObject({ status: "paused", is_paused: true });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await outbox(id)).status).toBe("paused");
    expect(mail.messages.some((m) => m.to.includes(user.email.toLowerCase()))).toBe(false);
    const resumed = await edit(id, { is_paused: false });
    expect(resumed.json.is_paused).toBe(false);
    expect(resumed.json.status).not.toBe("paused");
    await mail.waitFor(user.email, (m) => m.subject === "Paused");
    await expect.poll(async () => (await outbox(id)).status).toBe("sent");
  });

  it("sends a message to another user, with new content, in no theme, as edited", async () => {
    const [first, second] = [await signUpUser(t, project.client), await signUpUser(t, project.client)];
    const id = await queue(first.userId, { subject: "Before", html: "<p>before</p>", scheduled_at_millis: FAR() });
    const changed = await edit(id, { to: { type: "user-primary-email", user_id: second.userId }, tsx_source: SOURCE("After edit", "Rewritten"), theme_id: null });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ to: { type: "user-primary-email", user_id: second.userId }, theme_id: null, tsx_source: SOURCE("After edit", "Rewritten") });
    await edit(id, { scheduled_at_millis: Date.now() });
    // The subject given with the send still wins over the template's.
    const caught = await mail.waitFor(second.email, (m) => m.subject === "Before");
    expect(caught.html).toContain("Rewritten");
    expect(caught.html).not.toContain("#f4f5f7"); // no theme
    expect(mail.messages.some((m) => m.to.includes(first.email.toLowerCase()))).toBe(false);
    await expect.poll(async () => (await outbox(id)).status).toBe("sent");
    expect((await outbox(id)).to).toEqual({ type: "user-primary-email", user_id: second.userId });
  });

  it("sends to plain addresses", async () => {
    const user = await signUpUser(t, project.client);
    const address = uniqueEmail("plain");
    const id = await queue(user.userId, { subject: "To an address", html: "<p>x</p>", scheduled_at_millis: FAR() });
    expect((await edit(id, { to: { type: "custom-emails", emails: [address] }, scheduled_at_millis: Date.now() })).json.to).toEqual({ type: "custom-emails", emails: [address] });
    await mail.waitFor(address, (m) => m.subject === "To an address");
  });

  it("renders in the project's selected theme when the theme named is gone", async () => {
    const user = await signUpUser(t, project.client);
    const id = await queue(user.userId, { subject: "Fallback", html: "<p>x</p>", scheduled_at_millis: FAR() });
    const missing = "00000000-0000-4000-8000-000000000001";
    expect((await edit(id, { theme_id: missing })).json.theme_id).toBe(missing);
    await edit(id, { scheduled_at_millis: Date.now() });
    const caught = await mail.waitFor(user.email, (m) => m.subject === "Fallback");
    expect(caught.html).toContain("#f4f5f7"); // the light theme, selected by default
  });

  it("takes a message back from a worker that is rendering it: what the worker renders is not stored", async () => {
    const user = await signUpUser(t, project.client);
    const id = await queue(user.userId, { subject: "Mid-render", html: "<p>x</p>", scheduled_at_millis: FAR() });
    // A worker's claim, as claimDueEmails makes it.
    const [claimed] = await t.db.query<{ attempts: number }>("UPDATE email_outbox SET status = 'rendering', attempts = attempts + 1 WHERE id = $1 RETURNING attempts", [id]);
    expect((await outbox(id)).status).toBe("rendering");
    const paused = await edit(id, { is_paused: true });
    expect(paused.json).toMatchObject({ status: "paused", is_paused: true });
    const stored = await recordRendered(t.db, { projectId: project.projectId, branchId: "main", id, attempts: claimed!.attempts }, { subject: "s", textBody: "t", htmlBody: null }, "x");
    expect(stored).toBe(false);
    expect((await outbox(id)).has_rendered).toBe(false);
  });

  it("refuses an edit once a message is handed over, and one of another project (404)", async () => {
    const user = await signUpUser(t, project.client);
    const id = await queue(user.userId, { subject: "Done", html: "<p>x</p>" });
    await expect.poll(async () => (await outbox(id)).status).toBe("sent");
    expect((await edit(id, { is_paused: true })).json).toMatchObject({ code: "EMAIL_NOT_EDITABLE", details: { email_id: id, status: "sent" } });
    const other = await createProjectFixture(t);
    const foreign = await edit(id, { cancel: true }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("x-stack-known-error")).toBeNull();
  });
});

describe("GET /emails/outbox", () => {
  it("filters by Stack Auth's statuses and simple statuses", async () => {
    const p = await createProjectFixture(t);
    const waiting = await queue(p.user.userId, { subject: "Waiting", html: "<p>w</p>", scheduled_at_millis: FAR() }, p);
    const user = await signUpUser(t, p.client);
    const sent = await queue(user.userId, { subject: "Sent", html: "<p>s</p>" }, p);
    await expect.poll(async () => (await outbox(sent, p)).status).toBe("sent");
    const ids = async (query: string) => (await callUntyped(t, "GET", `/emails/outbox?${query}`, { creds: p.server })).json.items.map((e: { id: string }) => e.id);
    expect(await ids("status=sent")).toEqual([sent]);
    expect(await ids("status=preparing")).toEqual([waiting]);
    expect(await ids("simple_status=ok")).toEqual([sent]);
    expect(await ids("simple_status=in-progress")).toEqual([waiting]);
    expect(await ids("simple_status=error")).toEqual([]);
    await edit(waiting, { is_paused: true }, p);
    expect(await ids("status=paused")).toEqual([waiting]);
    expect((await callUntyped(t, "GET", "/emails/outbox?status=nope", { creds: p.server })).json.code).toBe("SCHEMA_ERROR");
    expect((await callUntyped(t, "GET", "/emails/outbox?limit=101", { creds: p.server })).status).toBe(400);
  });
});

describe("failures", () => {
  it("fails a message at once when its server's host name does not exist: one try, no retry", async () => {
    const broken = { type: "standard", host: "no-such-host.invalid", port: 25, username: "u", password: "p", sender_name: "B", sender_email: "b@acme.example" };
    const p = await createProjectFixture(t, { config: { email_config: broken } });
    const id = await queue(p.user.userId, { subject: "Nowhere to go", html: "<p>x</p>" }, p);
    await expect.poll(async () => (await outbox(id, p)).status, { timeout: 15_000 }).toBe("server-error");
    const row = await outbox(id, p);
    expect(row).toMatchObject({ send_retries: 1, next_send_retry_at_millis: null, server_error: expect.stringMatching(/host name does not exist/) });
    expect(row.send_attempt_errors).toHaveLength(1);
  });
});

describe("the theme a send names", () => {
  it("takes Stack Auth's ids and the old names of the built-in themes", async () => {
    const user = await signUpUser(t, project.client);
    const id = await queue(user.userId, { subject: "Dark", html: "<p>x</p>", theme_id: "default-dark", scheduled_at_millis: FAR() });
    expect((await outbox(id)).theme_id).toBe(BUILT_IN_THEME_IDS.dark);
  });
});
