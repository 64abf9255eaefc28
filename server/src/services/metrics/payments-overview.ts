/**
 * `payments_overview`: subscriptions by status, one-time purchases, subscriptions started per
 * day, and revenue. Revenue is what paid subscription invoices add up to (Stack Auth's
 * definition; the amounts of different currencies are added as they are), and `mrr_cents` is
 * that over the window: a proxy for monthly recurring revenue, not a forecast.
 */
import { countProductGrants, countSubscriptionsByDay, sumInvoices, sumRevenueByDay } from "../../db/queries/metrics-payments";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { series, type MetricsWindow } from "./window";

export async function paymentsOverview(deps: ServiceDeps, tenancy: Tenancy, window: MetricsWindow) {
  const since = window.days[0]!;
  const [grants, subscriptionsByDay, invoices, revenueByDay] = await Promise.all([
    countProductGrants(deps.db, tenancy),
    countSubscriptionsByDay(deps.db, tenancy, since),
    sumInvoices(deps.db, tenancy, since),
    sumRevenueByDay(deps.db, tenancy, since),
  ]);
  const totalOrders = grants.oneTimePurchases + invoices.invoices;
  const overview = {
    subscriptions_by_status: grants.subscriptionsByStatus,
    active_subscription_count: grants.subscriptionsByStatus.active ?? 0,
    total_one_time_purchases: grants.oneTimePurchases,
    daily_subscriptions: series(window.days, subscriptionsByDay),
    revenue_cents: invoices.revenueCents,
    mrr_cents: invoices.revenueSinceCents,
    total_orders: totalOrders,
    // Orders that went through: paid invoices and one-time purchases, in percent of all orders.
    checkout_conversion_rate: totalOrders > 0 ? Number((((invoices.paidInvoices + grants.oneTimePurchases) / totalOrders) * 100).toFixed(2)) : 0,
  };
  const dailyRevenue = series(window.days, revenueByDay).map((p) => ({ date: p.date, new_cents: p.activity, refund_cents: 0 }));
  return { overview, dailyRevenue, revenueCents: invoices.revenueCents };
}
