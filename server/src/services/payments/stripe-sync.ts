/**
 * What Stripe says was paid, applied to our purchases and grants (stripe-webhooks.ts calls this
 * once per event, in the event's transaction):
 *
 * - a one-time payment succeeded: the PaymentIntent's metadata (stripe-objects.ts) names the
 *   customer, the product and the quantity; it becomes a purchase and a grant, once per
 *   PaymentIntent however often Stripe tells of it;
 * - a subscription changed: Stripe's order of events is not to be relied on, so the event only
 *   says whose subscriptions to read back; each of the customer's subscriptions at Stripe is
 *   then applied as it is now (created, renewed, switched, cancelled, ended). A subscription
 *   becomes a purchase and, while active, trialing or past due, a grant; an ended one ends it;
 * - an invoice of a subscription is kept: the first (its creation) and each renewal after it.
 *
 * A grant follows the rules of holding products (grants.ts). A payment whose product the
 * customer may no longer take (it holds it already, say) is still recorded as a purchase, for
 * the project to refund, but grants nothing.
 */
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { moveGrant, updateGrant } from "../../db/queries/payments";
import { findPurchaseByPaymentIntent, findPurchaseBySubscription, insertedPurchaseRecord, insertPurchase, updatePurchase, type PurchaseRecord, type PurchaseStatus } from "../../db/queries/purchases";
import { upsertInvoice } from "../../db/queries/stripe-objects";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { SubscriptionState } from "../../integrations/stripe";
import type { Logger } from "../../logger";
import type { PriceConfig, ProductConfig } from "../project-config/document";
import { addDuration } from "./items";
import { CURRENCY_DECIMALS } from "../project-config/schema";
import { chargeCurrency, isCurrency, toMinorUnits, type Currency } from "./money";
import { grantForPurchase } from "./purchase-grants";
import { customerTypeFrom, productFromMetadata } from "./stripe-objects";
import type { Customer } from "./customers";

type Obj = Record<string, unknown>;
export const obj = (value: unknown): Obj => (value && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : {});
export const str = (value: unknown): string | null => (typeof value === "string" && value ? value : typeof value === "object" && value && typeof (value as Obj).id === "string" ? ((value as Obj).id as string) : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const metadataOf = (value: unknown): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(obj(value)).filter(([, v]) => typeof v === "string")) as Record<string, string>;

/** The branch a Stripe object's purchase belongs to: ours in its metadata, else its product snapshot's, else main. */
export type BranchCheck = (branchId: string) => Promise<boolean>;

async function branchFor(metadata: Record<string, string | undefined>, snapshotBranch: string | null, exists: BranchCheck): Promise<string> {
  for (const candidate of [metadata.gatehouse_branch_id, snapshotBranch]) {
    if (candidate && (await exists(candidate))) return candidate;
  }
  return "main";
}

/** The price a purchase was made at (the one named, else the product's first) and what `quantity` of it cost. */
function chargeOf(product: ProductConfig, priceId: string | null, quantity: number, paidCurrency: string | null): { price: PriceConfig | null; currency: Currency; amount: number } {
  const prices = product.prices && product.prices !== "include-by-default" ? product.prices : {};
  const price = (priceId !== null && Object.hasOwn(prices, priceId) ? prices[priceId] : Object.values(prices)[0]) ?? null;
  const currency = (price ? chargeCurrency(price, paidCurrency ?? undefined) : null) ?? (paidCurrency && isCurrency(paidCurrency) ? paidCurrency : "USD");
  const unit = price?.[currency] !== undefined ? toMinorUnits(price[currency]!, currency) : null;
  return { price, currency, amount: (unit ?? 0) * quantity };
}

export interface OneTimeOutcome {
  tenant: Tenant;
  customer: Customer;
  product: ProductConfig;
  quantity: number;
  /** False when Stripe told of this payment before. */
  isNew: boolean;
}

/** A one-time payment succeeded (payment_intent.succeeded with purchaseKind ONE_TIME). */
export async function applyOneTimePayment(tx: Queryable, projectId: string, intent: Obj, exists: BranchCheck, log: Logger): Promise<OneTimeOutcome | null> {
  const intentId = str(intent.id);
  const metadata = metadataOf(intent.metadata);
  const customerType = customerTypeFrom(metadata.customerType);
  if (!intentId || !customerType || !metadata.customerId) {
    log.warn("stripe: a one-time payment without its customer in the metadata", { paymentIntent: intentId });
    return null;
  }
  const resolved = await productFromMetadata(tx, projectId, metadata);
  if (!resolved) {
    log.warn("stripe: a one-time payment naming no product this project knows", { paymentIntent: intentId });
    return null;
  }
  const tenant = { projectId, branchId: await branchFor(metadata, resolved.branchId, exists) };
  const customer: Customer = { type: customerType, id: metadata.customerId };
  const quantity = Math.max(1, Math.floor(Number(metadata.purchaseQuantity || 1)) || 1);
  const outcome = { tenant, customer, product: resolved.product, quantity };
  if (await findPurchaseByPaymentIntent(tx, projectId, intentId)) return { ...outcome, isNew: false };

  const priceId = metadata.priceId || null;
  const charge = chargeOf(resolved.product, priceId, quantity, typeof intent.currency === "string" ? intent.currency.toUpperCase() : null);
  const purchase = {
    id: newId(),
    customerType,
    customerId: customer.id,
    productId: metadata.productId || metadata.offerId || null,
    product: resolved.product as Record<string, unknown>,
    priceId,
    quantity,
    kind: "one_time" as const,
    source: "stripe" as const,
    status: "active" as const,
    currency: charge.currency,
    amount: charge.amount || (num(intent.amount_received) ?? num(intent.amount) ?? 0),
    currentPeriodStart: null,
    currentPeriodEnd: null,
    stripePaymentIntentId: intentId,
  };
  await insertPurchase(tx, tenant, purchase);
  await grantPaid(tx, tenant, insertedPurchaseRecord(purchase), log);
  return { ...outcome, isNew: true };
}

/** Grants a paid purchase's product; a grant the rules refuse leaves the purchase ungranted (it was paid, so it stays, to refund). */
async function grantPaid(tx: Queryable, tenant: Tenant, purchase: PurchaseRecord, log: Logger): Promise<string[]> {
  try {
    const { grantId, replacedSubscriptions } = await savepoint(tx, () => grantForPurchase(tx, tenant, purchase));
    await updatePurchase(tx, tenant, purchase.id, { grantId });
    return replacedSubscriptions;
  } catch (error) {
    if (!(error instanceof KnownError)) throw error;
    log.warn("stripe: a paid purchase whose product the customer cannot take; recorded without a grant", { purchaseId: purchase.id, code: error.code });
    return [];
  }
}

/** Runs `work` so that its failure undoes only its own writes (a savepoint), not the transaction's. */
async function savepoint<T>(tx: Queryable, work: () => Promise<T>): Promise<T> {
  await tx.query("SAVEPOINT payments_grant");
  try {
    const result = await work();
    await tx.query("RELEASE SAVEPOINT payments_grant");
    return result;
  } catch (error) {
    await tx.query("ROLLBACK TO SAVEPOINT payments_grant");
    throw error;
  }
}

const LIVE: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);
const ENDED: ReadonlySet<string> = new Set(["canceled", "incomplete_expired", "unpaid"]);

function statusOf(state: SubscriptionState): PurchaseStatus {
  if (LIVE.has(state.status)) return "active";
  if (ENDED.has(state.status)) return "canceled";
  return "pending";
}

/** The period as Stripe has it; when Stripe's is missing or runs backwards, one interval from now. */
function periodOf(state: SubscriptionState, price: PriceConfig | null): { start: Date; end: Date } {
  const start = state.currentPeriodStart;
  const end = state.currentPeriodEnd;
  if (start !== null && end !== null && end > start) return { start: new Date(start * 1000), end: new Date(end * 1000) };
  const now = new Date();
  return { start: now, end: addDuration(now, price?.interval ?? [1, "month"]) };
}

/**
 * Applies one of the customer's subscriptions as Stripe has it now. Answers the Stripe
 * subscriptions of products its grant replaced, which the caller stops at Stripe once the
 * transaction is done.
 */
export async function applySubscription(tx: Queryable, projectId: string, customer: Customer, state: SubscriptionState, exists: BranchCheck, log: Logger): Promise<string[]> {
  const existing = await findPurchaseBySubscription(tx, projectId, state.id, { forUpdate: true });
  const metadata = metadataOf(state.metadata);
  const named = await productFromMetadata(tx, projectId, metadata);
  const product = named?.product ?? (existing?.product as ProductConfig | undefined);
  if (!product) {
    log.warn("stripe: a subscription naming no product this project knows", { subscription: state.id });
    return [];
  }
  const productId = metadata.productId || metadata.offerId || existing?.productId || null;
  const priceId = metadata.priceId || existing?.priceId || null;
  const quantity = state.quantity ?? existing?.quantity ?? 1;
  const charge = chargeOf(product, priceId, quantity, existing?.currency ?? null);
  const period = periodOf(state, charge.price);
  const status = statusOf(state);

  if (!existing) {
    const tenant = { projectId, branchId: await branchFor(metadata, named?.branchId ?? null, exists) };
    const purchase = {
      id: newId(),
      customerType: customer.type,
      customerId: customer.id,
      productId,
      product: product as Record<string, unknown>,
      priceId,
      quantity,
      kind: "subscription" as const,
      source: "stripe" as const,
      status,
      currency: charge.currency,
      amount: charge.amount,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      stripeSubscriptionId: state.id,
    };
    await insertPurchase(tx, tenant, purchase);
    if (status !== "active") return [];
    return grantPaid(tx, tenant, insertedPurchaseRecord(purchase), log);
  }

  const tenant: Tenant = existing;
  await updatePurchase(tx, tenant, existing.id, { status: existing.status === "canceled" ? "canceled" : status, quantity, currentPeriodStart: period.start, currentPeriodEnd: period.end });
  if (existing.status === "canceled") return [];
  if (status === "canceled") {
    if (existing.grantId) await updateGrant(tx, tenant, existing.grantId, { status: "canceled", endedAt: state.endedAt ? new Date(state.endedAt * 1000) : new Date() });
    return [];
  }
  if (status !== "active") return [];
  if (!existing.grantId) return grantPaid(tx, tenant, { ...existing, status: "active", currentPeriodStart: period.start.getTime(), currentPeriodEnd: period.end.getTime(), quantity }, log);
  if (named && productId && (productId !== existing.productId || JSON.stringify(product) !== JSON.stringify(existing.product))) {
    // Switched at Stripe (here or elsewhere): the grant follows the subscription's product.
    await moveGrant(tx, tenant, existing.grantId, { productId, product: product as Record<string, unknown>, priceId: priceId ?? "", quantity });
  }
  await updateGrant(tx, tenant, existing.grantId, {
    quantity,
    status: state.status === "trialing" ? "trialing" : "active",
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  });
  return [];
}

/** The subscription an invoice bills, however the API version spells it. */
export function invoiceSubscriptionId(invoice: Obj): string | null {
  for (const line of (obj(invoice.lines).data as unknown[] | undefined) ?? []) {
    const id = str(obj(obj(obj(line).parent).subscription_item_details).subscription) ?? str(obj(line).subscription);
    if (id) return id;
  }
  return str(invoice.subscription) ?? str(obj(obj(invoice.parent).subscription_details).subscription);
}

/** Keeps a subscription's invoice (its creation or a renewal); nothing for an invoice of no subscription of ours. */
export async function recordInvoice(tx: Queryable, projectId: string, invoice: Obj): Promise<void> {
  const invoiceId = str(invoice.id);
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!invoiceId || !subscriptionId) return;
  const purchase = await findPurchaseBySubscription(tx, projectId, subscriptionId);
  if (!purchase) return;
  const line = obj(obj(((obj(invoice.lines).data as unknown[] | undefined) ?? [])[0]).period);
  const start = num(line.start) ?? num(invoice.period_start);
  const end = num(line.end) ?? num(invoice.period_end);
  const currency = typeof invoice.currency === "string" && isCurrency(invoice.currency.toUpperCase()) ? invoice.currency.toUpperCase() : purchase.currency;
  await upsertInvoice(tx, purchase, {
    id: newId(),
    purchaseId: purchase.id,
    stripeInvoiceId: invoiceId,
    isCreation: invoice.billing_reason === "subscription_create",
    status: typeof invoice.status === "string" ? invoice.status : null,
    amountTotal: num(invoice.total) ?? num(invoice.amount_paid) ?? num(invoice.amount_due) ?? 0,
    currency,
    hostedInvoiceUrl: typeof invoice.hosted_invoice_url === "string" ? invoice.hosted_invoice_url : null,
    periodStart: start === null ? null : new Date(start * 1000),
    periodEnd: end === null ? null : new Date(end * 1000),
  });
}

/** "USD 5.00": an amount in the currency's smallest unit, as the payment e-mails show it. */
export function formatAmount(amount: number | null, currency: string | null): string {
  if (amount === null) return "Amount unavailable";
  const code = (currency ?? "").toUpperCase();
  const decimals = isCurrency(code) ? CURRENCY_DECIMALS[code] : 2;
  const value = (amount / 10 ** decimals).toFixed(decimals);
  return code ? `${code} ${value}` : value;
}
