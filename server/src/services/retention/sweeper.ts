/**
 * Keeps the tables that grow with traffic bounded: ended rate-limit windows, expired sessions
 * and old revocations, used or expired codes, and the e-mail outbox and webhook delivery log
 * past the retention period (RETENTION_DAYS). Every process sweeps on its own timer, a batch
 * at a time: each batch is one short statement, so no lock is held long, and batches of
 * different processes skip each other's rows instead of waiting. What it deletes is logged
 * at debug level and added to `deleted`, a counter per table for the process's lifetime.
 */
import { deleteStaleBatch, SWEPT_TABLES, type SweptTable } from "../../db/queries/retention";
import { sweepAuditLog } from "../audit-log/retention";
import type { ServiceDeps } from "../deps";

export const SWEEP_BATCH = 1_000;

export interface SweepOptions {
  retentionSeconds: number;
  batch?: number;
}

/** Per table; `audit_events` are kept per project (auditLog.retentionDays, services/audit-log/retention.ts). */
export type SweepCounts = Record<SweptTable | "audit_events", number>;

const COUNTED = [...SWEPT_TABLES, "audit_events"] as const;
const zeroCounts = (): SweepCounts => Object.fromEntries(COUNTED.map((table) => [table, 0])) as SweepCounts;

/** One pass over every table until none has stale rows left; answers what it deleted. */
export async function sweepOnce(deps: Pick<ServiceDeps, "db" | "log" | "tenancies">, options: SweepOptions): Promise<SweepCounts> {
  const batch = options.batch ?? SWEEP_BATCH;
  const counts = zeroCounts();
  for (const table of SWEPT_TABLES) {
    for (;;) {
      const deleted = await deleteStaleBatch(deps.db, table, batch, options.retentionSeconds);
      counts[table] += deleted;
      if (deleted < batch) break;
      // Let requests in between batches of a large backlog.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  counts.audit_events = await sweepAuditLog(deps, batch);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total > 0) deps.log.debug("Retention sweep deleted stale rows", { ...counts });
  return counts;
}

export interface RetentionSweeper {
  /** Rows deleted by this process since it started, per table. */
  readonly deleted: SweepCounts;
  stop(): Promise<void>;
}

export function startRetentionSweeper(deps: Pick<ServiceDeps, "db" | "log" | "tenancies">, options: SweepOptions & { intervalMs: number }): RetentionSweeper {
  const deleted = zeroCounts();
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = sweepOnce(deps, options)
      .then((counts) => {
        for (const table of COUNTED) deleted[table] += counts[table];
      })
      .catch((error: unknown) => deps.log.warn("Retention sweep failed; the next one tries again", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, options.intervalMs);
  timer.unref();
  return {
    deleted,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
