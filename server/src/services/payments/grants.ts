/**
 * The products customers hold (grants). Every way a customer comes to hold a product goes
 * through `grantProduct`: the server's grant route, test-mode purchases and paid purchases
 * (services of the purchases work), so the rules of holding products apply alike (as Stack
 * Auth has them):
 *
 * - a product is for one customer type;
 * - a product that is not stackable is held once (PRODUCT_ALREADY_GRANTED), and only one at a
 *   time is granted; a stackable one may be granted again, each grant adding to the quantity held;
 * - an add-on needs one of its base products held;
 * - a product line holds one product at a time: granting another product of the same line
 *   ends the subscriptions held there (the caller is told which, to stop a paid one at
 *   Stripe), and is refused while a one-time purchase holds the line.
 *
 * A grant is held while it is active (or trialing) and has not ended; a subscription
 * cancelled without Stripe runs to the end of its period (status canceled, `ended_at` ahead).
 * Every function takes the transaction it runs in; the grant changes of one customer are
 * serialised by a lock, so two grants at once cannot both pass the checks.
 */
import type { Queryable } from "../../db/db";
import {
  findGrant,
  findGrantByStripePaymentIntent,
  findGrantByStripeSubscription,
  HELD_STATUSES,
  insertGrant,
  listHeldGrants,
  lockCustomerGrants,
  updateGrant,
  type GrantKind,
  type GrantRow,
  type GrantSource,
  type GrantStatus,
} from "../../db/queries/payments";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { PaymentsConfig, ProductConfig } from "../project-config/document";
import type { Customer } from "./customers";

export type { GrantKind, GrantRow, GrantSource, GrantStatus };
export { findGrant, findGrantByStripePaymentIntent, findGrantByStripeSubscription };

export interface GrantProductInput {
  /** The product's id in the configuration, or null for an inline product. */
  productId: string | null;
  /** The product as granted; stored as the grant's snapshot. */
  product: ProductConfig;
  priceId?: string | null;
  /** How many of the product; 1 when not given. */
  quantity?: number;
  /** "subscription" when the price has an interval; "one_time" when not given. */
  kind?: GrantKind;
  /** "active" when not given; Stripe's status of a subscription otherwise. */
  status?: GrantStatus;
  source: GrantSource;
  stripeSubscriptionId?: string | null;
  stripePaymentIntentId?: string | null;
  /** The billing period of a subscription. */
  period?: { start: Date; end: Date } | null;
  /** When the grant is made; now when not given. */
  now?: Date;
  /**
   * A purchase Stripe says was paid: what was paid for is granted (held already, a quantity
   * of a product that is not stackable, an add-on without its base), and only the product
   * line's subscriptions give way. Checkouts check the rules before they charge.
   */
  paid?: boolean;
}

export interface GrantResult {
  /** The new grant. */
  grant: GrantRow;
  /** Subscriptions of the same product line this one replaced; ended now. A paid one among them must also be stopped at Stripe. */
  replaced: GrantRow[];
}

/** Whether a grant is held at `now`: active, or cancelled but running to the end it was given. */
export function isHeld(grant: GrantRow, now: Date): boolean {
  const live = HELD_STATUSES.includes(grant.status) || (grant.status === "canceled" && grant.endedAt !== null);
  return live && (grant.endedAt === null || grant.endedAt > now);
}

/** Whether a grant is a subscription still running (not cancelled): what a product line's new product replaces. */
export const isRunningSubscription = (grant: GrantRow) => grant.kind === "subscription" && HELD_STATUSES.includes(grant.status);

/** The product line a product (or a stored snapshot of one, which may use the former name) is in. */
export function productLineOf(product: ProductConfig | Record<string, unknown>): string | undefined {
  const p = product as ProductConfig;
  return p.productLineId ?? p.catalogId ?? undefined;
}

export function productCustomerTypeCheck(productId: string | null, product: ProductConfig, customer: Customer): void {
  if ((product.customerType ?? "user") !== customer.type) {
    throw new KnownError("PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      product_id: productId,
      customer_id: customer.id,
      product_customer_type: product.customerType ?? "user",
      actual_customer_type: customer.type,
    });
  }
}

/**
 * The rules a new grant of `product` must pass, given what the customer holds: its customer
 * type, a quantity of 1 unless stackable, not held already unless stackable, an add-on's base
 * held, and no one-time purchase in its product line. Answers the grants it would replace
 * (the subscriptions held in its product line). Read-only: purchases check before they charge.
 */
export function grantConflicts(held: GrantRow[], customer: Customer, input: { productId: string | null; product: ProductConfig; quantity?: number; paid?: boolean }): GrantRow[] {
  const quantity = input.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new KnownError("SCHEMA_ERROR", { message: "quantity must be a positive integer" });
  productCustomerTypeCheck(input.productId, input.product, customer);
  if (input.paid) {
    const line = productLineOf(input.product);
    return line ? held.filter((g) => g.kind === "subscription" && productLineOf(g.product) === line && g.productId !== input.productId) : [];
  }
  const stackable = input.product.stackable === true;
  if (quantity > 1 && !stackable) throw new KnownError("PRODUCT_NOT_STACKABLE", { product_id: input.productId });
  if (input.productId !== null && !stackable && held.some((g) => g.productId === input.productId)) {
    throw new KnownError("PRODUCT_ALREADY_GRANTED", { product_id: input.productId, customer_id: customer.id });
  }
  const bases = input.product.isAddOnTo ? Object.keys(input.product.isAddOnTo) : [];
  if (bases.length > 0 && !held.some((g) => g.productId !== null && bases.includes(g.productId))) {
    throw new KnownError("PRODUCT_ADD_ON_WITHOUT_BASE", { product_id: input.productId, bases: bases.join(", ") });
  }
  const lineId = productLineOf(input.product);
  if (!lineId) return [];
  const inLine = held.filter((g) => productLineOf(g.product) === lineId && g.productId !== input.productId && !(g.productId !== null && bases.includes(g.productId)));
  // Subscriptions (running, or cancelled and running out) make way; a one-time purchase cannot be taken back.
  const subscriptions = inLine.filter((g) => g.kind === "subscription");
  if (subscriptions.length < inLine.length) throw new KnownError("ONE_TIME_PURCHASE_IN_PRODUCT_LINE", { product_line_id: lineId });
  return subscriptions;
}

export async function grantProduct(tx: Queryable, tenant: Tenant, customer: Customer, input: GrantProductInput): Promise<GrantResult> {
  const now = input.now ?? new Date();
  const quantity = input.quantity ?? 1;
  await lockCustomerGrants(tx, tenant, customer);
  const held = await listHeldGrants(tx, tenant, customer, now);
  const replaced: GrantRow[] = [];
  for (const g of grantConflicts(held, customer, { ...input, quantity })) {
    const ended = await updateGrant(tx, tenant, g.id, { status: "canceled", endedAt: now });
    if (ended) replaced.push(ended);
  }

  const grant = await insertGrant(tx, tenant, customer, {
    productId: input.productId,
    product: input.product as Record<string, unknown>,
    priceId: input.priceId ?? null,
    quantity,
    kind: input.kind ?? "one_time",
    status: input.status ?? "active",
    source: input.source,
    stripeSubscriptionId: input.stripeSubscriptionId ?? null,
    stripePaymentIntentId: input.stripePaymentIntentId ?? null,
    currentPeriodStart: input.period?.start ?? null,
    currentPeriodEnd: input.period?.end ?? null,
    createdAt: now,
  });
  return { grant, replaced };
}

/** Ends a grant (cancelled at once, or a subscription that ran out): the product and the items it includes that expire with it are gone. */
export async function endGrant(tx: Queryable, tenant: Tenant, grantId: string, options: { at?: Date; status?: GrantStatus } = {}): Promise<GrantRow | null> {
  return updateGrant(tx, tenant, grantId, { status: options.status ?? "canceled", endedAt: options.at ?? new Date() });
}

/** A subscription's new billing period (renewed), and optionally its status and whether it stops at the period's end. */
export async function renewGrant(
  tx: Queryable,
  tenant: Tenant,
  grantId: string,
  update: { start: Date; end: Date; status?: GrantStatus; cancelAtPeriodEnd?: boolean },
): Promise<GrantRow | null> {
  return updateGrant(tx, tenant, grantId, {
    currentPeriodStart: update.start,
    currentPeriodEnd: update.end,
    status: update.status,
    cancelAtPeriodEnd: update.cancelAtPeriodEnd,
  });
}

/** Sets a grant's status, e.g. a subscription Stripe reports past due or active again. */
export async function setGrantStatus(tx: Queryable, tenant: Tenant, grantId: string, status: GrantStatus, cancelAtPeriodEnd?: boolean): Promise<GrantRow | null> {
  return updateGrant(tx, tenant, grantId, { status, cancelAtPeriodEnd });
}

/** Records a refund; by default the grant also ends then (a refunded purchase is no longer held). */
export async function markRefunded(tx: Queryable, tenant: Tenant, grantId: string, options: { at?: Date; end?: boolean } = {}): Promise<GrantRow | null> {
  const at = options.at ?? new Date();
  return updateGrant(tx, tenant, grantId, options.end === false ? { refundedAt: at } : { refundedAt: at, endedAt: at, status: "canceled" });
}

/** The id of the grant a customer holds of an include-by-default product: no row, no cursor of its own. */
export const DEFAULT_GRANT_PREFIX = "default:";

/**
 * The include-by-default products of the customer's type that the customer holds without a
 * grant (as Stack Auth has it): each unless the customer holds it already, or holds another
 * product of its product line. They have no row; their included items count once, as granted now.
 */
export function defaultGrants(payments: PaymentsConfig, customer: Customer, held: GrantRow[], now: Date): GrantRow[] {
  const heldLines = new Set(held.map((g) => productLineOf(g.product)).filter(Boolean));
  const heldIds = new Set(held.map((g) => g.productId));
  return Object.entries(payments.products)
    .filter(([id, p]) => {
      const line = productLineOf(p);
      return p.prices === "include-by-default" && (p.customerType ?? "user") === customer.type && !heldIds.has(id) && !(line && heldLines.has(line));
    })
    .map(([id, p]) => ({
      id: `${DEFAULT_GRANT_PREFIX}${id}`,
      customerType: customer.type,
      customerId: customer.id,
      productId: id,
      product: p as Record<string, unknown>,
      priceId: null,
      quantity: 1,
      kind: "one_time" as const,
      status: "active" as const,
      source: "api_grant" as const,
      stripeSubscriptionId: null,
      stripePaymentIntentId: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      endedAt: null,
      refundedAt: null,
      createdAt: now,
    }));
}

/** The grants a customer holds at `now`, oldest first. */
export async function heldGrants(q: Queryable, tenant: Tenant, customer: Customer, now = new Date()): Promise<GrantRow[]> {
  return listHeldGrants(q, tenant, customer, now);
}
