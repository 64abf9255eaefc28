/**
 * Audit log retention: the only deletion of audit events the server makes. A project that sets
 * `auditLog.retentionDays` has its older events deleted, oldest first, a batch per
 * transaction; each batch moves the chain's checkpoint to the last event it deleted (its seq
 * and hash), so verification starts there and the rest of the chain still proves itself.
 * The head is locked for the batch: writers wait a moment, and never see a half-moved cut.
 */
import { deleteAuditEventsBefore, listAuditChains, lockExistingAuditChainHead } from "../../db/queries/audit-events";
import type { ServiceDeps } from "../deps";

const DAY_MS = 86_400_000;

/** One pass over every chain; answers how many events it deleted. */
export async function sweepAuditLog(deps: Pick<ServiceDeps, "db" | "tenancies">, batch: number, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const tenant of await listAuditChains(deps.db)) {
    const lookup = await deps.tenancies.lookup(tenant.projectId, tenant.branchId);
    const days = lookup.found ? lookup.tenancy.config.auditLog?.retentionDays : undefined;
    if (!days) continue;
    const cutoff = new Date(now - days * DAY_MS);
    for (;;) {
      const count = await deps.db.transaction(async (tx) => ((await lockExistingAuditChainHead(tx, tenant)) ? deleteAuditEventsBefore(tx, tenant, cutoff, batch) : 0));
      deleted += count;
      if (count < batch) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return deleted;
}
