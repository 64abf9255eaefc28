import { describe, expect, it } from "vitest";
import { useSharedTestApp } from "../../testing/shared-app";
import { deliverEmail } from "./delivery";
import { listOutboxMessages, sealClearOutboxMessages } from "./outbox";

const app = useSharedTestApp();

const storedRow = async (id: string) =>
  (
    await app().db.query<{ subject: string; text_body: string; html_body: string | null; sealed: boolean }>(
      "SELECT subject, text_body, html_body, sealed FROM email_outbox WHERE id = $1",
      [id],
    )
  )[0]!;

describe("the outbox at rest", () => {
  it("stores subject and bodies sealed, and shows admins the subject", async () => {
    const t = app();
    const tenancy = await t.deps.tenancies.load("internal");
    const id = await deliverEmail(t.deps, tenancy, {
      to: "sealed@example.com",
      subject: "Your sign-in code: QWERTY",
      text: "Open https://app.example/cb?code=QWERTYSECRETNONCE",
      html: '<a href="https://app.example/cb?code=QWERTYSECRETNONCE">Sign in</a>',
      purpose: "test",
    });
    const row = await storedRow(id);
    expect(row.sealed).toBe(true);
    expect(JSON.stringify(row)).not.toContain("QWERTY");
    const listed = (await listOutboxMessages(t.deps, tenancy, { limit: 50 })).emails.find((e) => e.id === id);
    expect(listed?.subject).toBe("Your sign-in code: QWERTY");
  });

  it("seals the rows an earlier version wrote in clear, once", async () => {
    const t = app();
    const tenancy = await t.deps.tenancies.load("internal");
    const id = crypto.randomUUID();
    await t.db.query(
      `INSERT INTO email_outbox (project_id, branch_id, id, to_address, subject, text_body, html_body, purpose, status)
       VALUES ('internal', 'main', $1, 'old@example.com', 'Reset your password', 'Reset: https://x.example/r?code=OLDCLEARCODE', NULL, 'password_reset', 'sent')`,
      [id],
    );
    expect(await sealClearOutboxMessages(t.db, t.deps.outboxSeal)).toBe(1);
    const row = await storedRow(id);
    expect(row).toMatchObject({ sealed: true, html_body: null });
    expect(row.text_body).not.toContain("OLDCLEARCODE");
    expect(t.deps.outboxSeal.open(row.text_body)).toBe("Reset: https://x.example/r?code=OLDCLEARCODE");
    expect((await listOutboxMessages(t.deps, tenancy, { limit: 50 })).emails.find((e) => e.id === id)?.subject).toBe("Reset your password");
    expect(await sealClearOutboxMessages(t.db, t.deps.outboxSeal)).toBe(0);
  });
});
