/**
 * The payment e-mails Stripe's webhooks send (stripe-webhooks.ts): a receipt when a payment
 * succeeds, a notice when a subscription's payment has failed for good. They go through the
 * e-mail platform's own send (send-email.ts), with the project's payment templates (under
 * Stack Auth's template ids) and these variables: productName, amount ("USD 5.00"), quantity and
 * receiptLink for a receipt; productName, amount, invoiceUrl and failureReason for a failure.
 * A user customer gets them at its primary e-mail; a team customer's administrators (team_admin)
 * get them; custom customers have no address. An e-mail that cannot go never fails the webhook.
 */
import { listGrants } from "../../db/queries/permission-grants";
import type { ServiceDeps } from "../deps";
import { sendEmail } from "../emails/send-email";
import { findTemplate } from "../emails/rendering/render-email";
import { expandIds } from "../permissions/check";
import type { Tenancy } from "../projects/tenancy";
import type { Customer } from "./customers";
import { TEAM_BILLING_PERMISSION } from "./customers";

/** Stack Auth's ids of its default payment templates (DEFAULT_TEMPLATE_IDS). */
export const PAYMENT_TEMPLATE_IDS = {
  receipt: "70372aee-0441-4d80-974c-2e858e40123a",
  failed: "f64b1afe-27ec-4a28-a277-7178f3261f9a",
} as const;

export type PaymentEmail = keyof typeof PAYMENT_TEMPLATE_IDS;

async function recipientsOf(deps: ServiceDeps, tenancy: Tenancy, customer: Customer): Promise<string[]> {
  if (customer.type === "user") return [customer.id];
  if (customer.type !== "team") return [];
  const byUser = new Map<string, string[]>();
  for (const grant of await listGrants(deps.db, tenancy, "team", { teamId: customer.id })) {
    byUser.set(grant.userId, [...(byUser.get(grant.userId) ?? []), grant.permissionId]);
  }
  return [...byUser.entries()].filter(([, ids]) => expandIds(tenancy.config, "team", ids).has(TEAM_BILLING_PERMISSION)).map(([userId]) => userId);
}

export async function sendPaymentEmail(deps: ServiceDeps, tenancy: Tenancy, customer: Customer, kind: PaymentEmail, variables: Record<string, string | number>): Promise<void> {
  const templateId = PAYMENT_TEMPLATE_IDS[kind];
  try {
    if (!findTemplate(tenancy, templateId)) {
      deps.log.warn("payments: the project has no payment e-mail template; nothing sent", { kind, projectId: tenancy.projectId });
      return;
    }
    const userIds = await recipientsOf(deps, tenancy, customer);
    if (userIds.length === 0) return;
    await sendEmail(deps, tenancy, { userIds, isHighPriority: true, content: { kind: "template", templateId, variables } });
  } catch (error) {
    deps.log.warn("payments: a payment e-mail could not be queued", { kind, projectId: tenancy.projectId, error: (error as Error).message });
  }
}
