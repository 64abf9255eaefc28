import type { Queryable } from "../db";
import type { DayCount } from "./metrics";
import type { Tenant } from "./tenant";

/** Invoice statuses that are money received, as Stack Auth counts revenue. */
const PAID = "status IN ('paid', 'succeeded')";

export interface GrantCounts {
  /** Subscriptions (grants of a recurring price) by Stripe's status. */
  subscriptionsByStatus: Record<string, number>;
  oneTimePurchases: number;
}

/** The project's grants by kind and status, along the kind-status index (migration 0075). */
export async function countProductGrants(q: Queryable, tenant: Tenant): Promise<GrantCounts> {
  const rows = await q.query<{ kind: "subscription" | "one_time"; status: string; count: string }>(
    `SELECT kind, status, count(*) AS count FROM product_grants WHERE project_id = $1 AND branch_id = $2 GROUP BY kind, status`,
    [tenant.projectId, tenant.branchId],
  );
  const subscriptionsByStatus: Record<string, number> = {};
  let oneTimePurchases = 0;
  for (const row of rows) {
    if (row.kind === "subscription") subscriptionsByStatus[row.status] = Number(row.count);
    else oneTimePurchases += Number(row.count);
  }
  return { subscriptionsByStatus, oneTimePurchases };
}

/** Subscriptions started per UTC day from `since`. */
export async function countSubscriptionsByDay(q: Queryable, tenant: Tenant, since: string): Promise<DayCount[]> {
  const rows = await q.query<{ day: string; count: string }>(
    `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*) AS count FROM product_grants
     WHERE project_id = $1 AND branch_id = $2 AND kind = 'subscription' AND created_at >= ($3::date AT TIME ZONE 'UTC')
     GROUP BY 1`,
    [tenant.projectId, tenant.branchId, since],
  );
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

export interface InvoiceTotals {
  invoices: number;
  paidInvoices: number;
  /** In the smallest unit of each invoice's currency, added up as Stack Auth does. */
  revenueCents: number;
  revenueSinceCents: number;
}

/** Subscription invoices: how many, how many paid, and what was paid in all and from `since`. */
export async function sumInvoices(q: Queryable, tenant: Tenant, since: string): Promise<InvoiceTotals> {
  const [row] = await q.query<Record<string, string | null>>(
    `SELECT count(*) AS invoices, count(*) FILTER (WHERE ${PAID}) AS paid_invoices,
       coalesce(sum(amount_total) FILTER (WHERE ${PAID}), 0) AS revenue,
       coalesce(sum(amount_total) FILTER (WHERE ${PAID} AND created_at >= ($3::date AT TIME ZONE 'UTC')), 0) AS revenue_since
     FROM purchase_invoices WHERE project_id = $1 AND branch_id = $2`,
    [tenant.projectId, tenant.branchId, since],
  );
  return {
    invoices: Number(row?.invoices ?? 0),
    paidInvoices: Number(row?.paid_invoices ?? 0),
    revenueCents: Number(row?.revenue ?? 0),
    revenueSinceCents: Number(row?.revenue_since ?? 0),
  };
}

/** Paid invoice amounts per UTC day from `since`. */
export async function sumRevenueByDay(q: Queryable, tenant: Tenant, since: string): Promise<DayCount[]> {
  const rows = await q.query<{ day: string; cents: string }>(
    `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount_total) AS cents FROM purchase_invoices
     WHERE project_id = $1 AND branch_id = $2 AND ${PAID} AND created_at >= ($3::date AT TIME ZONE 'UTC')
     GROUP BY 1`,
    [tenant.projectId, tenant.branchId, since],
  );
  return rows.map((row) => ({ day: row.day, count: Number(row.cents) }));
}
