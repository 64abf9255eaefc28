import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { deliverEmail } from "../../services/emails/delivery";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  const tenancy = await t.deps.tenancies.load(project.projectId);
  for (const n of [1, 2, 3]) await deliverEmail(t.deps, tenancy, { to: `n${n}@example.com`, subject: `Mail ${n}`, text: "x", purpose: "test" });
  const other = await createProjectFixture(t);
  await deliverEmail(t.deps, await t.deps.tenancies.load(other.projectId), { to: "other@example.com", subject: "Other", text: "x", purpose: "test" });
});

describe("GET /internal/emails", () => {
  it("lists the project's last e-mails, newest first, in Stack Auth's short form", async () => {
    const res = await call(t, "GET", "/internal/emails", { creds: project.admin });
    expect(res.status).toBe(200);
    expect(res.json.is_paginated).toBe(false);
    expect(res.json.items.map((e: { subject: string }) => e.subject)).toEqual(["Mail 3", "Mail 2", "Mail 1"]);
    // Exactly Stack Auth's fields: nothing more for a snapshot to trip on.
    expect(Object.keys(res.json.items[0]).sort()).toEqual(["error", "id", "sent_at_millis", "subject", "to"]);
    expect(res.json.items[0]).toMatchObject({ to: ["n3@example.com"], error: null, sent_at_millis: expect.any(Number) });
  });
});

describe("GET /emails/log", () => {
  it("lists the project's outbox newest first, page by page, with its statuses, and nothing of other projects", async () => {
    const first = await callUntyped(t, "GET", "/emails/log?limit=2", { creds: project.admin });
    expect(first.json.items.map((e: { subject: string }) => e.subject)).toEqual(["Mail 3", "Mail 2"]);
    expect(first.json.items[0]).toMatchObject({ to: ["n3@example.com"], status: "not_sent", error: expect.stringContaining("SMTP") });
    const second = await callUntyped(t, "GET", `/emails/log?limit=2&cursor=${first.json.pagination.next_cursor}`, { creds: project.admin });
    expect(second.json.items.map((e: { subject: string }) => e.subject)).toEqual(["Mail 1"]);
    expect(second.json.pagination.next_cursor).toBeNull();
  });
});

describeSecurity({ operationId: "listInternalEmails", method: "GET", path: "/internal/emails", access: ["admin"] });
describeSecurity({ operationId: "listSentEmails", method: "GET", path: "/emails/log", access: ["admin"] });
