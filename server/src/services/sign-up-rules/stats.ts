/**
 * What the sign-up rules matched (GET /internal/sign-up-rules-stats): per rule, a count per UTC
 * hour over the last 48 hours (the dashboard's sparklines) and an all-time count; over all
 * rules, the window's total and its split by action. Counted by admission.ts as sign-ups
 * happen, a rule once per sign-up it matched.
 */
import { listTriggerHours, listTriggerTotals, TRIGGER_WINDOW_HOURS } from "../../db/queries/sign-up-rules";
import type { SignUpRuleActionType } from "../project-config/document";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

const HOUR_MS = 3_600_000;

export interface RuleTriggerStats {
  ruleId: string;
  windowCount: number;
  allTimeCount: number;
  hourly: Array<{ hour: string; count: number }>;
}

export interface SignUpRuleStats {
  windowHours: number;
  rules: RuleTriggerStats[];
  windowTotal: number;
  byAction: Record<SignUpRuleActionType, number>;
}

export async function signUpRuleStats(deps: ServiceDeps, tenancy: Tenancy, now = new Date()): Promise<SignUpRuleStats> {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const firstHour = currentHour - (TRIGGER_WINDOW_HOURS - 1) * HOUR_MS;
  const hours = Array.from({ length: TRIGGER_WINDOW_HOURS }, (_, i) => firstHour + i * HOUR_MS);
  const [rows, totals] = await Promise.all([listTriggerHours(deps.db, tenancy, new Date(firstHour)), listTriggerTotals(deps.db, tenancy)]);

  const byAction: SignUpRuleStats["byAction"] = { allow: 0, reject: 0, restrict: 0, log: 0 };
  const perRule = new Map<string, Map<number, number>>();
  let windowTotal = 0;
  for (const row of rows) {
    if (row.hourMillis > currentHour) continue;
    windowTotal += row.count;
    if (row.action in byAction) byAction[row.action as SignUpRuleActionType] += row.count;
    const hourly = perRule.get(row.ruleId) ?? new Map<number, number>();
    hourly.set(row.hourMillis, (hourly.get(row.hourMillis) ?? 0) + row.count);
    perRule.set(row.ruleId, hourly);
  }
  const ruleIds = [...new Set([...perRule.keys(), ...totals.keys()])].sort();
  const rules = ruleIds.map((ruleId) => {
    const hourly = perRule.get(ruleId);
    const windowCount = hourly ? [...hourly.values()].reduce((a, b) => a + b, 0) : 0;
    return {
      ruleId,
      windowCount,
      allTimeCount: totals.get(ruleId) ?? windowCount,
      hourly: hours.map((hour) => ({ hour: new Date(hour).toISOString(), count: hourly?.get(hour) ?? 0 })),
    };
  });
  return { windowHours: TRIGGER_WINDOW_HOURS, rules, windowTotal, byAction };
}
