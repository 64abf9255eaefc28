/**
 * Stripe's webhooks for the platform's connected accounts: the source of truth for what was
 * paid. Each event is verified against the webhook secret over the exact bytes received, then
 * applied once: its id is recorded in the same transaction as its changes, so a redelivery
 * changes nothing and a failure leaves it for Stripe to deliver again.
 *
 * Stripe does not promise order. Subscription state is therefore never taken from the event
 * alone: the subscription is read back from Stripe and its current state applied, so an old
 * event arriving late re-applies the newest state; a subscription that ended stays ended, and
 * periods only move forward. Renewals are keyed by invoice id.
 *
 *   checkout.session.completed (paid)          → the purchase is paid: grant
 *   checkout.session.async_payment_succeeded   → the same, for delayed payment methods
 *   invoice.paid (a renewal)                   → a renewal row; the subscription's new period
 *   customer.subscription.updated / .deleted   → period moves on, or the grant ends
 *   charge.refunded                            → the purchase is marked refunded (a full refund of a one-time purchase ends its grant)
 */
import type Stripe from "stripe";
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import {
  findProjectIdByStripeAccount,
  findPurchaseByPaymentIntent,
  findPurchaseBySubscription,
  findPurchaseForUpdate,
  insertRenewal,
  recordStripeEvent,
  updatePurchase,
  type PurchaseRecord,
  type PurchaseUpdate,
} from "../../db/queries/purchases";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { SubscriptionState } from "../../integrations/stripe";
import type { ServiceDeps } from "../deps";
import { endGrantForPurchase, refundGrantForPurchase, renewGrantForPurchase } from "./purchase-grants";
import { activatePurchase } from "./purchases";

const ENDED: ReadonlySet<string> = new Set(["canceled", "incomplete_expired", "unpaid"]);

type Obj = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === "string" && value ? value : typeof value === "object" && value && typeof (value as Obj).id === "string" ? ((value as Obj).id as string) : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const obj = (value: unknown): Obj => (value && typeof value === "object" ? (value as Obj) : {});
const seconds = (value: number | null) => (value === null ? null : new Date(value * 1000));

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

export async function handleStripeWebhook(deps: ServiceDeps, payload: string, signature: string | undefined): Promise<WebhookOutcome> {
  const event = deps.stripe?.verifyWebhook(payload, signature) ?? null;
  if (!event) throw new KnownError("SCHEMA_ERROR", { message: "The Stripe-Signature header is missing or does not match the payload and this server's webhook secret." });
  const target = await locate(deps, event);
  if (!target) {
    // Nothing of ours (another platform's account, or an event type we do not use): recorded so it is not looked at twice.
    return (await recordStripeEvent(deps.db, event.id, event.type)) ? "ignored" : "duplicate";
  }
  // Stripe's current view of the subscription, read before the transaction (no network calls while rows are locked).
  const subscription = target.subscriptionId ? await currentSubscription(deps, target.accountId, target.subscriptionId, event) : null;
  const replaced: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return "duplicate";
    const purchase = await findPurchaseForUpdate(tx, target.tenant, target.purchaseId);
    if (!purchase) return "ignored";
    replaced.push(...(await apply(tx, target.tenant, purchase, event, subscription)));
    return "applied";
  });
  // A product bought into a catalog replaces the one held there; a paid subscription replaced stops billing too.
  for (const subscriptionId of replaced) {
    try {
      await deps.stripe!.cancelSubscription(target.accountId, subscriptionId);
    } catch (error) {
      deps.log.warn("stripe: could not cancel a replaced subscription", { subscriptionId, error: (error as Error).message });
    }
  }
  return outcome;
}

interface Target {
  tenant: Tenant;
  accountId: string;
  purchaseId: string;
  subscriptionId: string | null;
}

/** The purchase an event is about, on the project whose connected account sent it. */
async function locate(deps: ServiceDeps, event: Stripe.Event): Promise<Target | null> {
  const accountId = event.account;
  if (!accountId) return null;
  const projectId = await findProjectIdByStripeAccount(deps.db, accountId);
  if (!projectId) return null;
  const object = obj(event.data.object);
  const byMetadata = (metadata: Obj): { tenant: Tenant; purchaseId: string } | null => {
    const purchaseId = str(metadata.gatehouse_purchase_id);
    if (!purchaseId || metadata.gatehouse_project_id !== projectId || typeof metadata.gatehouse_branch_id !== "string") return null;
    if (!/^[0-9a-f-]{36}$/i.test(purchaseId)) return null;
    return { tenant: { projectId, branchId: metadata.gatehouse_branch_id }, purchaseId };
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const found = byMetadata(obj(object.metadata));
      return found ? { ...found, accountId, subscriptionId: str(object.subscription) } : null;
    }
    case "invoice.paid": {
      const parent = obj(obj(object.parent).subscription_details);
      const subscriptionId = str(object.subscription) ?? str(parent.subscription);
      if (!subscriptionId) return null;
      const linked = await findPurchaseBySubscription(deps.db, projectId, subscriptionId);
      if (linked) return { tenant: linked, purchaseId: linked.id, accountId, subscriptionId };
      const found = byMetadata(obj(parent.metadata ?? obj(object.subscription_details).metadata));
      return found ? { ...found, accountId, subscriptionId } : null;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscriptionId = str(object.id);
      if (!subscriptionId) return null;
      const linked = await findPurchaseBySubscription(deps.db, projectId, subscriptionId);
      if (linked) return { tenant: linked, purchaseId: linked.id, accountId, subscriptionId };
      const found = byMetadata(obj(object.metadata));
      return found ? { ...found, accountId, subscriptionId } : null;
    }
    case "charge.refunded": {
      const paymentIntentId = str(object.payment_intent);
      const linked = paymentIntentId ? await findPurchaseByPaymentIntent(deps.db, projectId, paymentIntentId) : null;
      return linked ? { tenant: linked, purchaseId: linked.id, accountId, subscriptionId: null } : null;
    }
    default:
      return null;
  }
}

/** The subscription as Stripe has it now; the event's own copy when Stripe cannot say (then only newer events may change state). */
async function currentSubscription(deps: ServiceDeps, accountId: string, subscriptionId: string, event: Stripe.Event): Promise<{ state: SubscriptionState; fresh: boolean } | null> {
  try {
    return { state: await deps.stripe!.retrieveSubscription(accountId, subscriptionId), fresh: true };
  } catch (error) {
    deps.log.warn("stripe: could not read a subscription back; using the event's copy", { subscriptionId, error: (error as Error).message });
    const object = obj(event.data.object);
    if (object.object !== "subscription") return null;
    const item = obj((obj(object.items).data as unknown[] | undefined)?.[0]);
    return {
      state: {
        id: subscriptionId,
        status: object.status as SubscriptionState["status"],
        currentPeriodStart: num(item.current_period_start) ?? num(object.current_period_start),
        currentPeriodEnd: num(item.current_period_end) ?? num(object.current_period_end),
        cancelAtPeriodEnd: object.cancel_at_period_end === true,
        metadata: obj(object.metadata) as Record<string, string>,
      },
      fresh: false,
    };
  }
}

async function apply(
  tx: Queryable,
  tenant: Tenant,
  purchase: PurchaseRecord,
  event: Stripe.Event,
  subscription: { state: SubscriptionState; fresh: boolean } | null,
): Promise<string[]> {
  const object = obj(event.data.object);
  const update: PurchaseUpdate = {};
  let paid = false;

  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    paid = object.payment_status === "paid" || object.payment_status === "no_payment_required";
    if (str(object.subscription)) update.stripeSubscriptionId = str(object.subscription);
    if (str(object.payment_intent) && !purchase.stripePaymentIntentId) update.stripePaymentIntentId = str(object.payment_intent);
  } else if (event.type === "invoice.paid") {
    paid = true;
    if (!purchase.stripeSubscriptionId && subscription) update.stripeSubscriptionId = subscription.state.id;
    const paymentIntent = str(object.payment_intent) ?? str(obj(obj((obj(object.payments).data as unknown[] | undefined)?.[0]).payment).payment_intent);
    if (paymentIntent && !purchase.stripePaymentIntentId) update.stripePaymentIntentId = paymentIntent;
    if (object.billing_reason !== "subscription_create" && typeof object.id === "string") {
      const line = obj(obj((obj(object.lines).data as unknown[] | undefined)?.[0]).period);
      const start = num(line.start) ?? num(object.period_start);
      const end = num(line.end) ?? num(object.period_end);
      if (start !== null && end !== null) {
        await insertRenewal(tx, tenant, {
          id: newId(),
          purchaseId: purchase.id,
          stripeInvoiceId: object.id,
          amount: num(object.amount_paid) ?? 0,
          currency: String(object.currency ?? purchase.currency).toUpperCase(),
          periodStart: new Date(start * 1000),
          periodEnd: new Date(end * 1000),
        });
      }
    }
  } else if (event.type === "charge.refunded") {
    const refunded = num(object.amount_refunded) ?? 0;
    const fullyRefundedOneTime = purchase.kind === "one_time" && refunded >= purchase.amount && purchase.status === "active";
    if (refunded > (purchase.refundedAmount ?? 0)) {
      update.refundedAmount = refunded;
      if (purchase.refundedAt === null) {
        update.refundedAt = new Date(event.created * 1000);
        await refundGrantForPurchase(tx, tenant, purchase, fullyRefundedOneTime);
      }
    }
    if (fullyRefundedOneTime) {
      await endGrantForPurchase(tx, tenant, purchase);
      update.status = "canceled";
    }
  }

  // Subscription state: from Stripe's current copy (or, failing that, an event newer than what was applied).
  let ended = false;
  if (subscription && (subscription.fresh || event.created >= purchase.stripeStateAt)) {
    const { state } = subscription;
    ended = ENDED.has(state.status);
    const end = state.currentPeriodEnd;
    if (end !== null && (purchase.currentPeriodEnd === null || end * 1000 > purchase.currentPeriodEnd)) {
      update.currentPeriodStart = seconds(state.currentPeriodStart);
      update.currentPeriodEnd = seconds(end);
    }
    update.stripeStateAt = Math.max(purchase.stripeStateAt, event.created);
  }

  if (purchase.status === "canceled" || update.status === "canceled") {
    // Ended is final: nothing arriving later grants again.
  } else if (ended) {
    if (purchase.status === "active") await endGrantForPurchase(tx, tenant, purchase);
    update.status = "canceled";
  } else if (paid && purchase.status === "pending") {
    return activatePurchase(tx, tenant, { ...purchase, ...definedOnly(update) } as PurchaseRecord, update);
  } else if (purchase.status === "active" && update.currentPeriodStart && update.currentPeriodEnd) {
    await renewGrantForPurchase(tx, tenant, purchase, { start: update.currentPeriodStart, end: update.currentPeriodEnd });
  }
  await updatePurchase(tx, tenant, purchase.id, update);
  return [];
}

function definedOnly(update: PurchaseUpdate): Partial<PurchaseRecord> {
  return {
    ...(update.stripeSubscriptionId !== undefined ? { stripeSubscriptionId: update.stripeSubscriptionId } : {}),
    ...(update.stripePaymentIntentId !== undefined ? { stripePaymentIntentId: update.stripePaymentIntentId } : {}),
    ...(update.currentPeriodStart !== undefined ? { currentPeriodStart: update.currentPeriodStart?.getTime() ?? null } : {}),
    ...(update.currentPeriodEnd !== undefined ? { currentPeriodEnd: update.currentPeriodEnd?.getTime() ?? null } : {}),
  };
}
