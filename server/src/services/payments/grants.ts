/**
 * The products customers hold (grants). Every way a customer comes to hold a product goes
 * through `grantProduct`: the server's grant route, test-mode purchases and paid purchases
 * (services of the purchases work), so the catalog's rules apply alike:
 *
 * - a product is for one customer type;
 * - a product that is not stackable is held once (PRODUCT_ALREADY_GRANTED); granting a
 *   stackable one again adds to the quantity held;
 * - an add-on needs one of its base products held;
 * - a catalog holds one product at a time: granting another product of the same catalog ends
 *   the one held (as Stack Auth does); the caller is told which, to stop a paid subscription.
 *
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
import type { ProductConfig } from "../project-config/document";
import type { Customer } from "./customers";

export type { GrantKind, GrantRow, GrantSource, GrantStatus };
export { findGrant, findGrantByStripePaymentIntent, findGrantByStripeSubscription };

export interface GrantProductInput {
  /** The catalog id of the product, or null for an inline product. */
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
}

export interface GrantResult {
  /** The grant holding the product: a new one, or the held one a stackable grant added to. */
  grant: GrantRow;
  /** Grants of the same catalog this one replaced; ended now. A paid subscription among them must also be stopped at Stripe. */
  replaced: GrantRow[];
}

/** Whether a grant is held at `now`. */
export function isHeld(grant: GrantRow, now: Date): boolean {
  return HELD_STATUSES.includes(grant.status) && (grant.endedAt === null || grant.endedAt > now);
}

export function productCustomerTypeCheck(productId: string | null, product: ProductConfig, customer: Customer): void {
  if (product.customerType !== customer.type) {
    throw new KnownError("PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      product_id: productId,
      customer_id: customer.id,
      product_customer_type: product.customerType ?? null,
      actual_customer_type: customer.type,
    });
  }
}

export async function grantProduct(tx: Queryable, tenant: Tenant, customer: Customer, input: GrantProductInput): Promise<GrantResult> {
  const now = input.now ?? new Date();
  const quantity = input.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new KnownError("SCHEMA_ERROR", { message: "quantity must be a positive integer" });
  productCustomerTypeCheck(input.productId, input.product, customer);
  const stackable = input.product.stackable === true;
  if (quantity > 1 && !stackable) {
    throw new KnownError("SCHEMA_ERROR", { message: `Product ${input.productId ?? "(inline)"} is not stackable; its quantity can only be 1.` });
  }

  await lockCustomerGrants(tx, tenant, customer);
  const held = await listHeldGrants(tx, tenant, customer, now);

  if (input.productId !== null) {
    const same = held.filter((g) => g.productId === input.productId);
    if (same.length > 0 && !stackable) throw new KnownError("PRODUCT_ALREADY_GRANTED", { product_id: input.productId, customer_id: customer.id });
    // A stackable product granted again without a payment of its own adds to the grant held.
    const addable = same.find((g) => g.kind === "one_time" && g.stripeSubscriptionId === null && g.stripePaymentIntentId === null);
    if (addable && !input.stripeSubscriptionId && !input.stripePaymentIntentId && (input.kind ?? "one_time") === "one_time") {
      const grant = await updateGrant(tx, tenant, addable.id, { quantity: addable.quantity + quantity });
      return { grant: grant!, replaced: [] };
    }
  }

  const bases = input.product.isAddOnTo ? Object.keys(input.product.isAddOnTo) : [];
  if (bases.length > 0 && !held.some((g) => g.productId !== null && bases.includes(g.productId))) {
    throw new KnownError("SCHEMA_ERROR", {
      message: `Product ${input.productId ?? "(inline)"} is an add-on to ${bases.join(", ")}; the customer must hold one of them first.`,
    });
  }

  const replaced: GrantRow[] = [];
  const catalogId = input.product.catalogId;
  if (catalogId) {
    for (const g of held) {
      if ((g.product as ProductConfig).catalogId === catalogId && g.productId !== input.productId) {
        const ended = await updateGrant(tx, tenant, g.id, { status: "canceled", endedAt: now });
        if (ended) replaced.push(ended);
      }
    }
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

/** The grants a customer holds at `now`, oldest first. */
export async function heldGrants(q: Queryable, tenant: Tenant, customer: Customer, now = new Date()): Promise<GrantRow[]> {
  return listHeldGrants(q, tenant, customer, now);
}
