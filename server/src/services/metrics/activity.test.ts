import { describe, expect, it } from "vitest";
import type { Db } from "../../db/db";
import { ActivityTracker } from "./activity";

function fakeDb(fail = false) {
  const writes: unknown[][] = [];
  const db: Db = {
    async query<Row>(_sql: string, params?: readonly unknown[]) {
      if (fail) throw new Error("db down");
      writes.push([...(params ?? [])]);
      return [] as Row[];
    },
    async transaction(work) {
      return work(db);
    },
  } as Db;
  return { db, writes };
}

const tenant = { projectId: "p1", branchId: "main" };
const SESSION = "3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11";

describe("ActivityTracker", () => {
  it("writes at most once per user per window, per tenant", async () => {
    let now = 1_000_000;
    const { db, writes } = fakeDb();
    const tracker = new ActivityTracker(db, 60_000, () => now);
    expect(await tracker.noteUse(tenant, "u1", SESSION)).toBe(true);
    expect(await tracker.noteUse(tenant, "u1", SESSION)).toBe(false);
    now += 59_999;
    expect(await tracker.noteUse(tenant, "u1", SESSION)).toBe(false);
    expect(await tracker.noteUse(tenant, "u2", SESSION)).toBe(true);
    expect(await tracker.noteUse({ projectId: "p2", branchId: "main" }, "u1", SESSION)).toBe(true);
    now += 1;
    expect(await tracker.noteUse(tenant, "u1", SESSION)).toBe(true);
    expect(writes).toHaveLength(4);
    expect(writes[0]).toEqual(["p1", "main", "u1", SESSION]);
  });

  it("never fails the request when the write fails, and retries on the next use", async () => {
    const { db } = fakeDb(true);
    const tracker = new ActivityTracker(db, 60_000, () => 5);
    await expect(tracker.noteUse(tenant, "u1", SESSION)).resolves.toBe(true);
    await expect(tracker.noteUse(tenant, "u1", SESSION)).resolves.toBe(true);
  });

  it("keeps trackers of separate apps independent", async () => {
    const a = new ActivityTracker(fakeDb().db);
    const b = new ActivityTracker(fakeDb().db);
    expect(await a.noteUse(tenant, "u1", SESSION)).toBe(true);
    expect(await b.noteUse(tenant, "u1", SESSION)).toBe(true);
  });
});
