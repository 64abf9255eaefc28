import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export const TRIGGER_WINDOW_HOURS = 48;

/**
 * Counts one sign-up's matched rules (a rule at most once) in the hour of `at`, and drops what
 * the statistics no longer show: hours before the window, and rules not in `configuredRuleIds`.
 * Runs its statements in the caller's transaction.
 */
export async function recordRuleTriggers(
  q: Queryable,
  tenant: Tenant,
  triggers: ReadonlyArray<{ ruleId: string; action: string }>,
  configuredRuleIds: readonly string[],
  at: Date,
): Promise<void> {
  const params = [tenant.projectId, tenant.branchId];
  if (triggers.length > 0) {
    const ruleIds = triggers.map((t) => t.ruleId);
    const actions = triggers.map((t) => t.action);
    await q.query(
      `INSERT INTO sign_up_rule_trigger_hours (project_id, branch_id, rule_id, action, hour, count)
       SELECT $1, $2, t.rule_id, t.action, date_trunc('hour', $5::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1
       FROM unnest($3::text[], $4::text[]) AS t(rule_id, action)
       ON CONFLICT (project_id, branch_id, rule_id, action, hour) DO UPDATE SET count = sign_up_rule_trigger_hours.count + 1`,
      [...params, ruleIds, actions, at.toISOString()],
    );
    await q.query(
      `INSERT INTO sign_up_rule_trigger_totals (project_id, branch_id, rule_id, count)
       SELECT $1, $2, rule_id, 1 FROM unnest($3::text[]) AS rule_id
       ON CONFLICT (project_id, branch_id, rule_id) DO UPDATE SET count = sign_up_rule_trigger_totals.count + 1`,
      [...params, ruleIds],
    );
  }
  await q.query(
    `DELETE FROM sign_up_rule_trigger_hours WHERE project_id = $1 AND branch_id = $2
       AND (hour < $3::timestamptz - make_interval(hours => $4) OR rule_id <> ALL($5::text[]))`,
    [...params, at.toISOString(), TRIGGER_WINDOW_HOURS, configuredRuleIds],
  );
  await q.query(
    "DELETE FROM sign_up_rule_trigger_totals WHERE project_id = $1 AND branch_id = $2 AND rule_id <> ALL($3::text[])",
    [...params, configuredRuleIds],
  );
}

export interface TriggerHourRow {
  ruleId: string;
  action: string;
  hourMillis: number;
  count: number;
}

/** The hourly counts from `since` on, for every rule. */
export async function listTriggerHours(q: Queryable, tenant: Tenant, since: Date): Promise<TriggerHourRow[]> {
  const rows = await q.query<{ rule_id: string; action: string; hour: Date | string; count: string }>(
    `SELECT rule_id, action, hour, count FROM sign_up_rule_trigger_hours
     WHERE project_id = $1 AND branch_id = $2 AND hour >= $3::timestamptz`,
    [tenant.projectId, tenant.branchId, since.toISOString()],
  );
  return rows.map((row) => ({ ruleId: row.rule_id, action: row.action, hourMillis: new Date(row.hour).getTime(), count: Number(row.count) }));
}

/** Every rule's all-time count. */
export async function listTriggerTotals(q: Queryable, tenant: Tenant): Promise<Map<string, number>> {
  const rows = await q.query<{ rule_id: string; count: string }>(
    "SELECT rule_id, count FROM sign_up_rule_trigger_totals WHERE project_id = $1 AND branch_id = $2",
    [tenant.projectId, tenant.branchId],
  );
  return new Map(rows.map((row) => [row.rule_id, Number(row.count)]));
}
