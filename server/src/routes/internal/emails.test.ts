import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
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
});

describe("GET /internal/emails", () => {
  it("lists the project's outbox newest first, page by page, and nothing of other projects", async () => {
    const tenancy = await t.deps.tenancies.load(project.projectId);
    for (const n of [1, 2, 3]) await deliverEmail(t.deps, tenancy, { to: `n${n}@example.com`, subject: `Mail ${n}`, text: "x", purpose: "test" });
    const other = await createProjectFixture(t);
    await deliverEmail(t.deps, await t.deps.tenancies.load(other.projectId), { to: "other@example.com", subject: "Other", text: "x", purpose: "test" });

    const first = await call(t, "GET", "/internal/emails?limit=2", { creds: project.admin });
    expect(first.json.items.map((e: { subject: string }) => e.subject)).toEqual(["Mail 3", "Mail 2"]);
    expect(first.json.items[0]).toMatchObject({ to: ["n3@example.com"], status: "not_sent", error: expect.stringContaining("SMTP") });
    const second = await call(t, "GET", `/internal/emails?limit=2&cursor=${first.json.pagination.next_cursor}`, { creds: project.admin });
    expect(second.json.items.map((e: { subject: string }) => e.subject)).toEqual(["Mail 1"]);
    expect(second.json.pagination.next_cursor).toBeNull();
  });
});

describeSecurity({ operationId: "listSentEmails", method: "GET", path: "/internal/emails", access: ["admin"] });
