import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "../../db/db";
import { createTestDb, testDbKind } from "../../testing/test-db";
import { RevokedSessions } from "./revoked-sessions";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

const revoke = (q: Queryable, sessionId: string, revokedAt = "now()") =>
  q.query(`INSERT INTO revoked_sessions (project_id, session_id, revoked_at) VALUES ('p', $1, ${revokedAt})`, [sessionId]);

describe("RevokedSessions", () => {
  it("reads revocations written since the last read, and forgets those older than every token", async () => {
    const set = new RevokedSessions(db, 600);
    const old = randomUUID();
    const recent = randomUUID();
    await revoke(db, old, "now() - interval '2 hours'");
    await revoke(db, recent);
    await set.catchUp();
    expect(set.revokedAt(recent)).toEqual(expect.any(Number));
    expect(set.revokedAt(old)).toBeNull();
    const later = randomUUID();
    await revoke(db, later);
    expect(set.revokedAt(later)).toBeNull();
    await set.catchUp();
    expect(set.revokedAt(later)).toEqual(expect.any(Number));
  });

  it("expires an entry once the token lifetime and the slack have passed", () => {
    let now = 1_000_000;
    const set = new RevokedSessions(db, 10, () => now);
    set.add("s", now);
    expect(set.revokedAt("s")).toBe(1_000_000);
    now += 10_000 + 60_000 + 1;
    expect(set.revokedAt("s")).toBeNull();
  });

  // Two transactions on PostgreSQL: the one holding the lower sequence number commits last.
  it.runIf(testDbKind() === "postgres")("finds a revocation whose transaction committed after a later one was read", async () => {
    const set = new RevokedSessions(db, 600);
    await set.catchUp();
    const slow = randomUUID();
    const fast = randomUUID();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const slowInserted = new Promise<void>((resolve) => (inserted = resolve));
    const slowTx = db.transaction(async (tx) => {
      await revoke(tx, slow);
      inserted();
      await held;
    });
    await slowInserted;
    await revoke(db, fast);
    await set.catchUp();
    expect(set.revokedAt(fast)).not.toBeNull();
    expect(set.revokedAt(slow)).toBeNull();
    release();
    await slowTx;
    await set.catchUp();
    expect(set.revokedAt(slow)).not.toBeNull();
  });
});

describe("listRevokedSessions", () => {
  it("returns revocations in numeric sequence order, past a power of ten", async () => {
    const { listRevokedSessions } = await import("../../db/queries/revoked-sessions");
    // Numbers of different lengths: as text, "10000" would sort before "5001".
    const base = 5_000;
    for (const seq of [base + 5_000, base + 1, base + 95_000]) {
      await db.query("INSERT INTO revoked_sessions (seq, project_id, session_id) VALUES ($1, 'p', $2)", [seq, randomUUID()]);
    }
    const rows = await listRevokedSessions(db, base, [], 600);
    expect(rows.map((row) => row.seq - base)).toEqual([1, 5_000, 95_000]);
  });
});
