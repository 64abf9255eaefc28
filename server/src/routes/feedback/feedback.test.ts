import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, internalClient, uniqueEmail, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { describeSecurity } from "../../testing/security-table";
import { createTestApp, TEST_INTERNAL_KEYS, type TestApp } from "../../testing/test-server";

let mail: MailCatcher;
let t: TestApp;
let project: ProjectFixture;

const internalAdmin: Credentials = { projectId: "internal", accessType: "admin", adminKey: TEST_INTERNAL_KEYS.superSecretAdminKey };
const internalServer: Credentials = { projectId: "internal", accessType: "server", secretKey: TEST_INTERNAL_KEYS.secretServerKey };

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ env: { ...mail.env, TRUST_PROXY: "true", STACK_INTERNAL_FEEDBACK_RECIPIENTS: " Ops@Example.com, ops@example.com ,second@example.com" } });
  project = await createProjectFixture(t);
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1)}`;
const send = (json: unknown, creds?: Credentials, ip = freshIp(), app = t) =>
  callUntyped(app, "POST", "/internal/feedback", { creds, body: json, headers: { "x-forwarded-for": ip } });
const list = (creds: Credentials, query = "") => callUntyped(t, "GET", `/internal/feedback${query}`, { creds });

describe("POST /internal/feedback", () => {
  it("keeps feedback sent without authentication and mails it, once, to each configured recipient from the internal project", async () => {
    const email = uniqueEmail("devtool");
    const res = await send({ name: "Dev <Tool> User", email, message: "Line one\nand <b>two</b>", feedback_type: "feedback" });
    expect([res.status, res.json]).toEqual([200, { success: true }]);
    for (const to of ["ops@example.com", "second@example.com"]) {
      const message = await mail.waitFor(to, (m) => m.subject === `[Support] ${email}`);
      expect(message.text).toContain("Dev <Tool> User");
      expect(message.text).toContain(email);
      expect(message.text.replace(/\r\n/g, "\n")).toContain("Line one\nand <b>two</b>");
      expect(message.html).toContain("Dev &lt;Tool&gt; User");
      expect(message.html).not.toContain("<b>two</b>");
    }
    expect(mail.messages.filter((m) => m.subject === `[Support] ${email}`)).toHaveLength(2);
    const outbox = await call(t, "GET", "/emails/outbox", { creds: internalServer });
    const sent = outbox.json.items.filter((e: { subject: string }) => e.subject === `[Support] ${email}`);
    expect(sent.map((e: { to: unknown }) => e.to)).toEqual(
      expect.arrayContaining([
        { type: "custom-emails", emails: ["ops@example.com"] },
        { type: "custom-emails", emails: ["second@example.com"] },
      ]),
    );
    const kept = (await list(internalAdmin)).json.items.find((f: { email: string }) => f.email === email);
    expect(kept).toMatchObject({ name: "Dev <Tool> User", message: "Line one\nand <b>two</b>", feedback_type: "feedback", source_project_id: null, user_id: null });
  });

  it("labels bug reports, and records who sent it when signed in, from whichever project", async () => {
    const email = uniqueEmail("bug");
    const signedIn: Credentials = { ...internalClient, accessToken: project.owner.accessToken };
    expect((await send({ email, message: "Something is broken.", feedback_type: "bug" }, signedIn)).status).toBe(200);
    const message = await mail.waitFor("ops@example.com", (m) => m.subject === `[Bug Report] ${email}`);
    expect(message.text).toContain(project.owner.userId);
    const fromProject = uniqueEmail("app-user");
    expect((await send({ email: fromProject, message: "From an app." }, { ...project.client, accessToken: project.user.accessToken })).status).toBe(200);
    const items = (await list(internalAdmin)).json.items as Array<{ email: string; user_id: string | null; source_project_id: string | null }>;
    expect(items.find((f) => f.email === email)).toMatchObject({ user_id: project.owner.userId, source_project_id: "internal" });
    expect(items.find((f) => f.email === fromProject)).toMatchObject({ user_id: project.user.userId, source_project_id: project.projectId });
  });

  it.each([
    ["an empty message", { email: "a@example.com", message: "" }, "body.message"],
    ["a blank message", { email: "a@example.com", message: "   " }, "body.message"],
    ["no e-mail", { message: "hi" }, "body.email"],
    ["a malformed e-mail", { email: "not-an-email", message: "hi" }, "body.email"],
    ["a message over 5,000 characters", { email: "a@example.com", message: "x".repeat(5001) }, "body.message"],
    ["a name over 100 characters", { email: "a@example.com", name: "n".repeat(101), message: "hi" }, "body.name"],
    ["an unknown kind", { email: "a@example.com", message: "hi", feedback_type: "praise" }, "body.feedback_type"],
    ["an unknown key", { email: "a@example.com", message: "hi", extra: 1 }, "body"],
  ])("refuses %s with SCHEMA_ERROR, keeping nothing", async (_name, json, mentions) => {
    const before = (await list(internalAdmin, "?limit=100")).json.items.length;
    const res = await send(json);
    expect([res.status, res.json.code]).toEqual([400, "SCHEMA_ERROR"]);
    expect(res.json.error).toContain(mentions);
    expect((await list(internalAdmin, "?limit=100")).json.items.length).toBe(before);
  });

  it("refuses wrong authentication rather than ignoring it", async () => {
    const res = await send({ email: "a@example.com", message: "hi" }, { ...project.client, publishableKey: "pck_wrong" });
    expect(res.json.code).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
  });

  it("limits each address (feedback_per_ip), whoever sends", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await send({ email: "flood@example.com", message: `n${i}` }, undefined, ip)).status).toBe(200);
    const refused = await send({ email: "flood@example.com", message: "one more" }, undefined, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send({ email: "flood@example.com", message: "elsewhere" })).status).toBe(200);
  });
});

describe("POST /internal/feedback without recipients", () => {
  it("keeps the feedback and sends no mail", async () => {
    const bare = await createTestApp({ env: mail.env });
    try {
      const email = uniqueEmail("kept");
      expect((await send({ email, message: "kept only" }, undefined, freshIp(), bare)).status).toBe(200);
      const listed = await callUntyped(bare, "GET", "/internal/feedback", { creds: internalAdmin });
      expect(listed.json.items.map((f: { email: string }) => f.email)).toContain(email);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mail.messages.filter((m) => m.subject.includes(email))).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});

describe("GET /internal/feedback", () => {
  it("pages newest first with a cursor", async () => {
    const marker = uniqueEmail("page");
    for (let i = 0; i < 3; i++) await send({ email: marker, message: `page ${i}` });
    const first = await list(internalAdmin, "?limit=2");
    expect(first.json.items.map((f: { message: string }) => f.message)).toEqual(["page 2", "page 1"]);
    expect(first.json.pagination.next_cursor).toEqual(first.json.items[1].id);
    const second = await list(internalAdmin, `?limit=2&cursor=${first.json.pagination.next_cursor}`);
    expect(second.json.items[0].message).toBe("page 0");
    expect((await list(internalAdmin, "?limit=101")).json.code).toBe("SCHEMA_ERROR");
  });

  it("is for the internal project's admins only: another project's admins get EXPECTED_INTERNAL_PROJECT", async () => {
    const res = await list(project.admin);
    expect([res.status, res.json.code]).toEqual([401, "EXPECTED_INTERNAL_PROJECT"]);
    expect((await list(internalServer)).json.code).toBe("INSUFFICIENT_ACCESS_TYPE");
  });
});

describe("GET /internal/component-versions", () => {
  it("answers each handler page's contract version and changelog, without authentication", async () => {
    const res = await callUntyped(t, "GET", "/internal/component-versions");
    expect(res.status).toBe(200);
    const pages = ["signIn", "signUp", "signOut", "emailVerification", "passwordReset", "forgotPassword", "oauthCallback", "magicLinkCallback", "accountSettings", "teamInvitation", "mfa", "error", "onboarding"];
    expect(Object.keys(res.json.versions).sort()).toEqual([...pages].sort());
    for (const page of pages) expect(res.json.versions[page]).toEqual({ version: 1, changelogs: { "1": expect.any(String) } });
  });

  it("has no other method (ROUTE_NOT_FOUND; Stack Auth answers 405 there)", async () => {
    const res = await callUntyped(t, "POST", "/internal/component-versions", { body: {} });
    expect([res.status, res.json.code]).toEqual([404, "ROUTE_NOT_FOUND"]);
  });
});

describeSecurity({ operationId: "listFeedback", method: "GET", path: "/internal/feedback", access: ["admin"] });
