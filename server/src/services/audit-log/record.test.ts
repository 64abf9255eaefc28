import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { listAuditChain } from "../../db/queries/audit-events";
import { createTestApp, type TestApp } from "../../testing/test-server";
import type { Tenancy } from "../projects/tenancy";
import { GENESIS_HASH } from "./chain";
import { recordAuditEvent, type AuditEventInput } from "./record";
import { verifyAuditChain } from "./verify";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A branch of the internal project of its own, so each test starts an empty chain. */
async function freshTenancy(): Promise<Tenancy> {
  const branchId = `audit-${randomBytes(4).toString("hex")}`;
  await t.db.query("INSERT INTO branches (project_id, id) VALUES ('internal', $1)", [branchId]);
  return { ...(await t.deps.tenancies.load("internal")), branchId };
}

const signIn = (tenancy: Tenancy, userId: string, overrides: Partial<AuditEventInput> = {}): AuditEventInput => ({
  tenancy,
  action: "auth.sign_in.succeeded",
  actor: { type: "user", id: userId },
  target: { type: "user", id: userId },
  client: { ip: "203.0.113.7", userAgent: "Test/1.0" },
  details: { method: "password" },
  ...overrides,
});

const chain = (tenancy: Tenancy) => listAuditChain(t.db, tenancy, 0, 1_000);

describe("recordAuditEvent", () => {
  it("appends events with consecutive seqs, each linked to the hash of the one before", async () => {
    const tenancy = await freshTenancy();
    await recordAuditEvent(t.deps, t.db, signIn(tenancy, "u1"));
    await recordAuditEvent(t.deps, t.db, signIn(tenancy, "u2", { teamId: "team-1", details: { method: "otp", nested: { b: 1, a: [1, "x"] } } }));
    await recordAuditEvent(t.deps, t.db, { tenancy, action: "project.config.updated", actor: { type: "admin", id: "owner" } });

    const events = await chain(tenancy);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(events[0]!.prevHash).toBe(GENESIS_HASH);
    expect(events[1]!.prevHash).toBe(events[0]!.hash);
    expect(events[2]!.prevHash).toBe(events[1]!.hash);
    expect(new Set(events.map((event) => event.hash)).size).toBe(3);
    expect(events[1]).toMatchObject({
      action: "auth.sign_in.succeeded",
      actor: { type: "user", id: "u2" },
      target: { type: "user", id: "u2" },
      teamId: "team-1",
      ip: "203.0.113.7",
      userAgent: "Test/1.0",
      details: { method: "otp", nested: { a: [1, "x"], b: 1 } },
    });
    expect(events[2]!.target).toBeNull();
    expect(events[1]!.createdAtMillis).toBeGreaterThanOrEqual(events[0]!.createdAtMillis);
    expect(await verifyAuditChain(t.db, tenancy)).toEqual({ valid: true, checkedEvents: 3, checkpointSeq: 0, lastSeq: 3, firstBroken: null });
  });

  it("commits and rolls back with the caller's transaction", async () => {
    const tenancy = await freshTenancy();
    await t.db
      .transaction(async (tx) => {
        await recordAuditEvent(t.deps, tx, signIn(tenancy, "rolled-back"));
        throw new Error("the action failed");
      })
      .catch(() => undefined);
    await t.db.transaction((tx) => recordAuditEvent(t.deps, tx, signIn(tenancy, "kept")));
    const events = await chain(tenancy);
    expect(events.map((event) => [event.seq, event.actor.id])).toEqual([[1, "kept"]]);
    expect((await verifyAuditChain(t.db, tenancy)).valid).toBe(true);
  });

  it("keeps the chains of two branches apart", async () => {
    const [a, b] = [await freshTenancy(), await freshTenancy()];
    await recordAuditEvent(t.deps, t.db, signIn(a, "a1"));
    await recordAuditEvent(t.deps, t.db, signIn(b, "b1"));
    await recordAuditEvent(t.deps, t.db, signIn(a, "a2"));
    expect((await chain(a)).map((event) => [event.seq, event.actor.id])).toEqual([[1, "a1"], [2, "a2"]]);
    expect((await chain(b)).map((event) => [event.seq, event.actor.id])).toEqual([[1, "b1"]]);
  });

  it("never forks the chain when many writers append at once", async () => {
    const tenancy = await freshTenancy();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? recordAuditEvent(t.deps, t.db, signIn(tenancy, `direct-${i}`))
          : t.db.transaction((tx) => recordAuditEvent(t.deps, tx, signIn(tenancy, `tx-${i}`))),
      ),
    );
    const events = await chain(tenancy);
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(events.map((event) => event.prevHash)).size).toBe(40);
    expect(await verifyAuditChain(t.db, tenancy)).toMatchObject({ valid: true, checkedEvents: 40 });
  });
});

describe("verifyAuditChain", () => {
  async function chainOf(n: number) {
    const tenancy = await freshTenancy();
    for (let i = 1; i <= n; i++) await recordAuditEvent(t.deps, t.db, signIn(tenancy, `user-${i}`));
    return { tenancy, events: await chain(tenancy) };
  }
  const sqlOn = (tenancy: Tenancy, sql: string, params: unknown[] = []) => t.db.query(sql, [tenancy.projectId, tenancy.branchId, ...params]);

  it("reports an event whose column was changed in SQL", async () => {
    const { tenancy, events } = await chainOf(5);
    await sqlOn(tenancy, "UPDATE audit_events SET ip = '198.51.100.1' WHERE project_id = $1 AND branch_id = $2 AND seq = 3");
    expect(await verifyAuditChain(t.db, tenancy)).toEqual({
      valid: false,
      checkedEvents: 2,
      checkpointSeq: 0,
      lastSeq: 5,
      firstBroken: { seq: 3, eventId: events[2]!.id, reason: "changed" },
    });
  });

  it("reports a change to the details, however deep", async () => {
    const { tenancy } = await chainOf(2);
    await sqlOn(tenancy, `UPDATE audit_events SET details = '{"method":"passkey"}' WHERE project_id = $1 AND branch_id = $2 AND seq = 2`);
    expect((await verifyAuditChain(t.db, tenancy)).firstBroken).toMatchObject({ seq: 2, reason: "changed" });
  });

  it("reports a deleted event", async () => {
    const { tenancy } = await chainOf(5);
    await sqlOn(tenancy, "DELETE FROM audit_events WHERE project_id = $1 AND branch_id = $2 AND seq = 2");
    expect((await verifyAuditChain(t.db, tenancy)).firstBroken).toEqual({ seq: 2, eventId: null, reason: "missing" });
  });

  it("reports a deleted event whose followers were renumbered to close the gap", async () => {
    const { tenancy, events } = await chainOf(4);
    await sqlOn(tenancy, "DELETE FROM audit_events WHERE project_id = $1 AND branch_id = $2 AND seq = 2");
    await sqlOn(tenancy, "UPDATE audit_events SET seq = seq - 1 WHERE project_id = $1 AND branch_id = $2 AND seq > 2");
    expect((await verifyAuditChain(t.db, tenancy)).firstBroken).toEqual({ seq: 2, eventId: events[2]!.id, reason: "changed" });
  });

  it("reports reordered events", async () => {
    const { tenancy } = await chainOf(4);
    await sqlOn(tenancy, "UPDATE audit_events SET seq = -seq WHERE project_id = $1 AND branch_id = $2 AND seq IN (2, 3)");
    await sqlOn(tenancy, "UPDATE audit_events SET seq = CASE seq WHEN -2 THEN 3 ELSE 2 END WHERE project_id = $1 AND branch_id = $2 AND seq < 0");
    expect((await verifyAuditChain(t.db, tenancy)).firstBroken).toMatchObject({ seq: 2, reason: "changed" });
  });

  it("reports events removed from the end", async () => {
    const { tenancy } = await chainOf(3);
    await sqlOn(tenancy, "DELETE FROM audit_events WHERE project_id = $1 AND branch_id = $2 AND seq = 3");
    expect((await verifyAuditChain(t.db, tenancy)).firstBroken).toEqual({ seq: 3, eventId: null, reason: "truncated" });
  });

  it("answers valid for a branch that recorded nothing", async () => {
    expect(await verifyAuditChain(t.db, await freshTenancy())).toEqual({ valid: true, checkedEvents: 0, checkpointSeq: 0, lastSeq: 0, firstBroken: null });
  });
});
