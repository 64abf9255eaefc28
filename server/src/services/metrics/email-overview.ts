/**
 * `email_overview`: the project's outbox by Stack Auth's simple statuses (ok, error,
 * in-progress), per day over the window, and the newest messages. Gatehouse hands mail to
 * SMTP and hears nothing back about delivery, opens or clicks, so "delivered" and the click
 * rate are 0 here, as they are in Stack Auth for mail sent over SMTP.
 */
import { countEmails, countEmailsByDay, findRecentEmails } from "../../db/queries/metrics-emails";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { percent, series, type MetricsWindow } from "./window";

export const RECENT_EMAILS = 100;

/** Stack Auth's name for a status in its own database: `server-error` is SERVER_ERROR. */
const storedStatusName = (status: string) => status.toUpperCase().replaceAll("-", "_");

export async function emailOverview(deps: ServiceDeps, tenancy: Tenancy, window: MetricsWindow) {
  const [totals, byDay, recent] = await Promise.all([
    countEmails(deps.db, tenancy),
    countEmailsByDay(deps.db, tenancy, window.days[0]!),
    findRecentEmails(deps.db, tenancy, RECENT_EMAILS),
  ]);
  // Only the statuses that occur, as Stack Auth lists them.
  const emailsByStatus: Record<string, number> = {};
  if (totals.ok > 0) emailsByStatus.ok = totals.ok;
  if (totals.error > 0) emailsByStatus.error = totals.error;
  if (totals.inProgress > 0) emailsByStatus["in-progress"] = totals.inProgress;
  const delivered = 0;
  const byDate = new Map(byDay.map((d) => [d.day, d]));
  return {
    emails_by_status: emailsByStatus,
    total_emails: totals.ok + totals.error + totals.inProgress,
    daily_emails: series(window.days, byDay.map((d) => ({ day: d.day, count: d.ok + d.error + d.inProgress }))),
    daily_emails_by_status: window.days.map((date) => {
      const d = byDate.get(date);
      return { date, ok: d?.ok ?? 0, error: d?.error ?? 0, in_progress: d?.inProgress ?? 0 };
    }),
    emails_sent: totals.finishedSending,
    recent_emails: recent.map((e) => ({
      id: e.id,
      status: storedStatusName(e.status),
      subject: (e.subject !== null && e.sealed ? deps.outboxSeal.open(e.subject) : e.subject) ?? "(no subject)",
      created_at_millis: e.createdAtMillis,
    })),
    deliverability_status: { delivered, bounced: totals.bounced, error: totals.error, in_progress: totals.inProgress },
    deliverability_rate: percent(delivered, totals.finishedSending),
    bounce_rate: percent(totals.bounced, totals.finishedSending),
    click_rate: 0,
  };
}
