/**
 * Stripe's webhooks for the platform's connected accounts: the source of truth for what was
 * paid. Each event is verified against the webhook secret over the exact bytes received; the
 * account it is about names the project (stripe_accounts). It is applied once: its id is
 * recorded in the same transaction as its changes, so a redelivery changes nothing and a
 * failure leaves it for Stripe to deliver again. What it changes is stripe-sync.ts's:
 *
 *   payment_intent.succeeded (purchaseKind ONE_TIME)   → a one-time purchase and its grant; a receipt
 *   payment_intent.payment_failed (ONE_TIME)           → a payment-failed e-mail
 *   customer.subscription.*, invoice.*, checkout.session.completed, payment_intent.*
 *                                                      → the customer's subscriptions read back from Stripe and applied;
 *                                                        an invoice kept; a receipt when one is paid, a notice when one
 *                                                        is given up on (uncollectible)
 *   charge.refunded                                    → the purchase is marked refunded (a full refund of a
 *                                                        one-time purchase ends its grant)
 *
 * Anything else (another platform's account, other event types) is recorded and answered 200,
 * so Stripe does not retry it.
 */
import type Stripe from "stripe";
import type { Queryable } from "../../db/db";
import { findProjectIdByStripeAccount, findPurchaseByPaymentIntent, recordStripeEvent, updatePurchase } from "../../db/queries/purchases";
import { KnownError } from "../../errors";
import type { SubscriptionState } from "../../integrations/stripe";
import type { ServiceDeps } from "../deps";
import type { ProductConfig } from "../project-config/document";
import { customerTypeFrom, productFromMetadata } from "./stripe-objects";
import { sendPaymentEmail } from "./payment-emails";
import { endGrantForPurchase, refundGrantForPurchase } from "./purchase-grants";
import { applyOneTimePayment, applySubscription, formatAmount, obj, recordInvoice, str, type BranchCheck, type OneTimeOutcome } from "./stripe-sync";
import type { Customer } from "./customers";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/** The events that change a customer's subscriptions (as Stack Auth lists them). */
const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.pending_update_applied",
  "customer.subscription.pending_update_expired",
  "customer.subscription.trial_will_end",
  "invoice.created",
  "invoice.finalized",
  "invoice.updated",
  "invoice.voided",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
  "invoice.upcoming",
  "invoice.marked_uncollectible",
  "invoice.payment_succeeded",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
]);

type Obj = Record<string, unknown>;
type Email = { tenant: { projectId: string; branchId: string }; customer: Customer; kind: "receipt" | "failed"; variables: Record<string, string | number> };

export async function handleStripeWebhook(deps: ServiceDeps, payload: string, signature: string | undefined): Promise<WebhookOutcome> {
  const event = deps.stripe?.verifyWebhook(payload, signature) ?? null;
  if (!event) throw new KnownError("STRIPE_SIGNATURE_INVALID");
  const accountId = event.account;
  const projectId = accountId ? await findProjectIdByStripeAccount(deps.db, accountId) : null;
  const record = (q: Queryable) => recordStripeEvent(q, event.id, event.type);
  if (!accountId || !projectId) return (await record(deps.db)) ? "ignored" : "duplicate";

  const object = obj(event.data.object);
  const metadata = obj(object.metadata);
  const exists: BranchCheck = async (branchId) => (await deps.tenancies.lookup(projectId, branchId)).found;
  const emails: Email[] = [];
  let outcome: WebhookOutcome;

  if (event.type === "payment_intent.succeeded" && metadata.purchaseKind === "ONE_TIME") {
    let applied: OneTimeOutcome | null = null;
    outcome = await deps.db.transaction(async (tx) => {
      if (!(await record(tx))) return "duplicate";
      applied = await applyOneTimePayment(tx, projectId, object, exists, deps.log);
      return "applied";
    });
    const paid = applied as OneTimeOutcome | null;
    if (outcome === "applied" && paid) {
      const receiptLink = str(obj(((obj(object.charges).data as unknown[] | undefined) ?? [])[0]).receipt_url);
      emails.push({
        tenant: paid.tenant,
        customer: paid.customer,
        kind: "receipt",
        variables: {
          productName: paid.product.displayName ?? "Purchase",
          quantity: paid.quantity,
          amount: formatAmount(numberOf(object.amount_received), stringOf(object.currency)),
          ...(receiptLink ? { receiptLink } : {}),
        },
      });
    }
  } else if (event.type === "payment_intent.payment_failed" && metadata.purchaseKind === "ONE_TIME") {
    outcome = (await record(deps.db)) ? "applied" : "duplicate";
    const customerType = customerTypeFrom(metadata.customerId ? metadata.customerType : undefined);
    if (outcome === "applied" && customerType) {
      const failure = str(obj(object.last_payment_error).message);
      const product = await productName(deps, projectId, metadata);
      emails.push({
        tenant: { projectId, branchId: stringOf(metadata.gatehouse_branch_id) ?? "main" },
        customer: { type: customerType, id: String(metadata.customerId) },
        kind: "failed",
        variables: { productName: product, amount: formatAmount(numberOf(object.amount), stringOf(object.currency)), ...(failure ? { failureReason: failure } : {}) },
      });
    }
  } else if (SUBSCRIPTION_EVENTS.has(event.type) && str(object.customer)) {
    const result = await syncSubscriptions(deps, projectId, accountId, str(object.customer)!, event, exists);
    outcome = result.outcome;
    if (outcome === "applied" && result.customer) emails.push(...invoiceEmails(event, object, projectId, result.customer));
  } else if (event.type === "charge.refunded") {
    outcome = await deps.db.transaction(async (tx) => {
      if (!(await record(tx))) return "duplicate";
      await applyRefund(tx, projectId, object, event.created);
      return "applied";
    });
  } else {
    outcome = (await record(deps.db)) ? "ignored" : "duplicate";
  }

  for (const email of emails) {
    const lookup = await deps.tenancies.lookup(email.tenant.projectId, email.tenant.branchId);
    if (lookup.found) await sendPaymentEmail(deps, lookup.tenancy, email.customer, email.kind, email.variables);
  }
  return outcome;
}

const numberOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const stringOf = (value: unknown) => (typeof value === "string" && value ? value : null);

async function productName(deps: ServiceDeps, projectId: string, metadata: Obj): Promise<string> {
  const named = await productFromMetadata(deps.db, projectId, Object.fromEntries(Object.entries(metadata).filter(([, v]) => typeof v === "string")) as Record<string, string>);
  return (named?.product as ProductConfig | undefined)?.displayName ?? "Purchase";
}

/**
 * Reads the customer's subscriptions back from Stripe (before the transaction: no network
 * calls while rows are locked) and applies each, with the event's invoice, in one transaction.
 * Subscriptions of products a new grant replaced are stopped at Stripe afterwards.
 */
async function syncSubscriptions(
  deps: ServiceDeps,
  projectId: string,
  accountId: string,
  stripeCustomerId: string,
  event: Stripe.Event,
  exists: BranchCheck,
): Promise<{ outcome: WebhookOutcome; customer: Customer | null }> {
  const stripeCustomer = await deps.stripe!.retrieveCustomer(accountId, stripeCustomerId);
  const customerType = customerTypeFrom(stripeCustomer?.metadata.customerType);
  const customer: Customer | null = stripeCustomer && customerType && stripeCustomer.metadata.customerId ? { type: customerType, id: stripeCustomer.metadata.customerId } : null;
  if (!customer) deps.log.warn("stripe: an event for a Stripe customer that names none of ours", { event: event.id, customer: stripeCustomerId });
  const subscriptions: SubscriptionState[] = customer ? await deps.stripe!.listSubscriptions(accountId, stripeCustomerId) : [];
  const replaced: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return "duplicate";
    if (!customer) return "ignored";
    for (const subscription of subscriptions) replaced.push(...(await applySubscription(tx, projectId, customer, subscription, exists, deps.log)));
    if (event.type.startsWith("invoice.")) await recordInvoice(tx, projectId, obj(event.data.object));
    return "applied";
  });
  // A product bought into a product line replaces the one held there; a paid subscription replaced stops billing too.
  for (const subscriptionId of replaced) {
    try {
      await deps.stripe!.cancelSubscription(accountId, subscriptionId);
    } catch (error) {
      deps.log.warn("stripe: could not cancel a replaced subscription", { subscriptionId, error: (error as Error).message });
    }
  }
  return { outcome, customer };
}

/** The receipt for a paid invoice; the notice for one Stripe gave up on (uncollectible). */
function invoiceEmails(event: Stripe.Event, invoice: Obj, projectId: string, customer: Customer): Email[] {
  const line = obj(((obj(invoice.lines).data as unknown[] | undefined) ?? [])[0]);
  const productName = stringOf(line.description) ?? "Subscription";
  const branchId = stringOf(obj(invoice.metadata).gatehouse_branch_id) ?? "main";
  if (event.type === "invoice.payment_succeeded") {
    const link = stringOf(invoice.hosted_invoice_url) ?? stringOf(invoice.invoice_pdf);
    return [
      {
        tenant: { projectId, branchId },
        customer,
        kind: "receipt",
        variables: { productName, quantity: numberOf(line.quantity) ?? 1, amount: formatAmount(numberOf(invoice.amount_paid), stringOf(invoice.currency)), ...(link ? { receiptLink: link } : {}) },
      },
    ];
  }
  if (event.type === "invoice.payment_failed" && invoice.status === "uncollectible") {
    const url = stringOf(invoice.hosted_invoice_url);
    return [{ tenant: { projectId, branchId }, customer, kind: "failed", variables: { productName, amount: formatAmount(numberOf(invoice.amount_due), stringOf(invoice.currency)), ...(url ? { invoiceUrl: url } : {}) } }];
  }
  return [];
}

/** A refund made at Stripe (in its dashboard, or ours): the purchase is marked refunded; a full refund of a one-time purchase ends its grant. */
async function applyRefund(tx: Queryable, projectId: string, charge: Obj, created: number): Promise<void> {
  const paymentIntentId = str(charge.payment_intent);
  const purchase = paymentIntentId ? await findPurchaseByPaymentIntent(tx, projectId, paymentIntentId) : null;
  if (!purchase) return;
  const refunded = numberOf(charge.amount_refunded) ?? 0;
  if (refunded <= (purchase.refundedAmount ?? 0)) return;
  const full = purchase.kind === "one_time" && refunded >= purchase.amount && purchase.status === "active";
  if (purchase.refundedAt === null) await refundGrantForPurchase(tx, purchase, purchase, full);
  if (full) await endGrantForPurchase(tx, purchase, purchase);
  await updatePurchase(tx, purchase, purchase.id, {
    refundedAmount: refunded,
    ...(purchase.refundedAt === null ? { refundedAt: new Date(created * 1000) } : {}),
    ...(full ? { status: "canceled" as const } : {}),
  });
}
