/**
 * Verification recomputes a branch's chain from the retention checkpoint (or the genesis hash)
 * to the chain head and reports the first event that does not fit: its content no longer
 * matches its hash (changed), its seq is not the next one (an event before it is missing),
 * its prev_hash is not the previous event's hash (events were removed, inserted or
 * reordered), or the chain stops short of the head (events at the end were removed).
 */
import type { Queryable } from "../../db/db";
import { findAuditChainHead, listAuditChain, readAuditChainAsOneSnapshot } from "../../db/queries/audit-events";
import type { Tenant } from "../../db/queries/tenant";
import type { ServiceDeps } from "../deps";
import { auditEventHash } from "./chain";

export type AuditChainBreak = "changed" | "missing" | "link_broken" | "truncated";

export interface AuditVerification {
  valid: boolean;
  /** Events checked (all of them when the chain is valid). */
  checkedEvents: number;
  /** Where verification started: the retention checkpoint (0 when nothing was deleted). */
  checkpointSeq: number;
  /** The head's last seq: what the chain must reach. */
  lastSeq: number;
  firstBroken: { seq: number; eventId: string | null; reason: AuditChainBreak } | null;
}

const BATCH = 1_000;

export async function verifyAuditChain(q: Queryable, tenant: Tenant): Promise<AuditVerification> {
  const head = await findAuditChainHead(q, tenant);
  if (!head) return { valid: true, checkedEvents: 0, checkpointSeq: 0, lastSeq: 0, firstBroken: null };
  const result = (checkedEvents: number, firstBroken: AuditVerification["firstBroken"]): AuditVerification => ({
    valid: firstBroken === null,
    checkedEvents,
    checkpointSeq: head.checkpointSeq,
    lastSeq: head.lastSeq,
    firstBroken,
  });

  let expectedSeq = head.checkpointSeq + 1;
  // A new head holds the genesis hash as both its last and its checkpoint hash (migration 0102).
  let prevHash = head.checkpointHash;
  let checked = 0;
  for (;;) {
    // Events appended after the head was read are not this verification's business.
    const events = (await listAuditChain(q, tenant, expectedSeq - 1, BATCH)).filter((event) => event.seq <= head.lastSeq);
    for (const event of events) {
      if (event.seq !== expectedSeq) return result(checked, { seq: expectedSeq, eventId: null, reason: "missing" });
      const { hash, ...unhashed } = event;
      if (auditEventHash(tenant, unhashed) !== hash) return result(checked, { seq: event.seq, eventId: event.id, reason: "changed" });
      if (event.prevHash !== prevHash) return result(checked, { seq: event.seq, eventId: event.id, reason: "link_broken" });
      checked++;
      prevHash = hash;
      expectedSeq++;
    }
    if (events.length < BATCH) break;
  }
  if (expectedSeq - 1 !== head.lastSeq || prevHash !== head.lastHash) {
    return result(checked, { seq: expectedSeq, eventId: null, reason: "truncated" });
  }
  return result(checked, null);
}

/** The project branch's audit log, verified (the admin endpoint and the CLI). */
export function verifyAuditLog(deps: Pick<ServiceDeps, "db">, tenant: Tenant): Promise<AuditVerification> {
  // One snapshot for the head and every event: a retention batch or an append committed
  // meanwhile would otherwise read as a gap or a cut tail.
  return deps.db.transaction(async (tx) => {
    await readAuditChainAsOneSnapshot(tx);
    return verifyAuditChain(tx, tenant);
  });
}
