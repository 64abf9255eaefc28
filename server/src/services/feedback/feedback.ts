/**
 * Feedback and bug reports to the platform's operators, from the dashboard (a signed-in user
 * of the internal project) or a developer tool (anyone). Every message is kept (read with
 * GET /internal/feedback by the internal project's admins, swept by retention like finished
 * mail) and mailed to STACK_INTERNAL_FEEDBACK_RECIPIENTS when set, from the internal project,
 * so the platform's own mail settings and outbox carry it. Anyone may write, so each address
 * is rate limited (`feedback_per_ip`) and every field is bounded by the route.
 */
import { newId } from "../../crypto/random";
import { insertFeedback, listFeedback, type FeedbackRecord } from "../../db/queries/feedback";
import { KnownError } from "../../errors";
import type { AccessTokenClaims } from "../sessions/access-tokens";
import type { ServiceDeps } from "../deps";
import { deliverEmail } from "../emails/delivery";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import type { Tenancy } from "../projects/tenancy";

export type { FeedbackRecord };

export interface FeedbackInput {
  name?: string;
  email: string;
  message: string;
  feedbackType?: "feedback" | "bug";
}

/** Where a signed-in sender came from; null for anyone else. */
export interface FeedbackSender {
  tenancy: Tenancy;
  user: AccessTokenClaims | null;
}

async function internalTenancy(deps: ServiceDeps): Promise<Tenancy> {
  const lookup = await deps.tenancies.lookup("internal");
  if (!lookup.found) throw new Error("The internal project is missing");
  return lookup.tenancy;
}

export async function submitFeedback(deps: ServiceDeps, input: FeedbackInput, sender: FeedbackSender | null, ip: string | null): Promise<void> {
  const internal = await internalTenancy(deps);
  await enforceRateLimits(deps, internal, [{ rule: RATE_LIMITS.feedbackPerIp, subject: ip ?? "unknown" }]);
  const user = sender?.user && !sender.user.is_anonymous ? sender.user : null;
  const record = await insertFeedback(deps.db, {
    id: newId(),
    sourceProjectId: sender?.tenancy.projectId ?? null,
    sourceBranchId: sender?.tenancy.branchId ?? null,
    userId: user?.sub ?? null,
    name: input.name ?? null,
    email: input.email,
    message: input.message,
    feedbackType: input.feedbackType ?? null,
  });
  const message = feedbackEmail(record, user);
  for (const to of deps.settings.feedbackRecipients) {
    await deliverEmail(deps, internal, { to, ...message, purpose: "internal_feedback" });
  }
}

/** Only the operators read it: admins of the internal project. */
export async function listSubmittedFeedback(deps: ServiceDeps, tenancy: Tenancy, limit: number, cursor: string | null) {
  if (tenancy.projectId !== "internal") throw new KnownError("EXPECTED_INTERNAL_PROJECT");
  const rows = await listFeedback(deps.db, limit + 1, cursor);
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items.at(-1)!.id : null };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The message to the operators. The subject is Stack Auth's (`[Support] <email>`, or
 * `[Bug Report] <email>`), which its tests and mail filters look for; the text is ours.
 */
export function feedbackEmail(record: FeedbackRecord, user: AccessTokenClaims | null): { subject: string; text: string; html: string } {
  const label = record.feedbackType === "bug" ? "Bug Report" : "Support";
  const fields: Array<[string, string]> = [
    ["From", record.name ?? user?.name ?? "(no name given)"],
    ["E-mail", record.email],
    ["Kind", record.feedbackType === "bug" ? "bug report" : "feedback"],
  ];
  if (user) fields.push(["Signed in as user", `${user.sub}${user.email ? ` (${user.email})` : ""}`]);
  if (record.sourceProjectId) fields.push(["Sent from project", record.sourceProjectId]);
  fields.push(["Received", new Date(record.createdAtMillis).toISOString()]);
  const text = [`${label} sent through Gatehouse`, "", ...fields.map(([k, v]) => `${k}: ${v}`), "", "Message:", record.message].join("\n");
  const html =
    `<!doctype html><html><body><h2>${escapeHtml(label)} sent through Gatehouse</h2>` +
    fields.map(([k, v]) => `<p><strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}</p>`).join("") +
    `<p><strong>Message:</strong></p><blockquote>${escapeHtml(record.message).replace(/\n/g, "<br>")}</blockquote></body></html>`;
  return { subject: `[${label}] ${record.email}`.replace(/[\r\n]+/g, " "), text, html };
}
