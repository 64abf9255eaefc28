/**
 * Where a paid purchase meets the products a customer holds (grants.ts): a purchase that
 * becomes paid grants its product through `grantProduct`, so the rules of holding products (one of a
 * non-stackable product, add-on bases, one product per product line) apply as to any grant; a
 * renewal moves the grant's period; a purchase that ends (a cancelled subscription, a refund
 * that ends access) ends the grant. This file is the one place purchases call grants.
 */
import type { Queryable } from "../../db/db";
import type { PurchaseRecord } from "../../db/queries/purchases";
import type { Tenant } from "../../db/queries/tenant";
import type { ProductConfig } from "../project-config/document";
import { endGrant, grantProduct, heldGrants, markRefunded, productLineOf, renewGrant } from "./grants";

export interface PurchaseGrant {
  /** Kept on the purchase. */
  grantId: string;
  /** Stripe subscriptions of products this one replaced in their product line: to be stopped at Stripe too. */
  replacedSubscriptions: string[];
}

/** Grants the purchase's product (in the caller's transaction). */
export async function grantForPurchase(tx: Queryable, tenant: Tenant, purchase: PurchaseRecord): Promise<PurchaseGrant> {
  const { grant, replaced } = await grantProduct(tx, tenant, { type: purchase.customerType, id: purchase.customerId }, {
    productId: purchase.productId,
    product: purchase.product as ProductConfig,
    priceId: purchase.priceId,
    quantity: purchase.quantity,
    kind: purchase.kind,
    source: purchase.source === "test_mode" ? "test_mode" : "purchase_page",
    stripeSubscriptionId: purchase.stripeSubscriptionId,
    stripePaymentIntentId: purchase.stripePaymentIntentId,
    period:
      purchase.currentPeriodStart !== null && purchase.currentPeriodEnd !== null
        ? { start: new Date(purchase.currentPeriodStart), end: new Date(purchase.currentPeriodEnd) }
        : null,
    paid: purchase.source === "stripe",
  });
  return { grantId: grant.id, replacedSubscriptions: replaced.flatMap((g) => (g.stripeSubscriptionId ? [g.stripeSubscriptionId] : [])) };
}

/** Ends what the purchase granted. */
export async function endGrantForPurchase(tx: Queryable, tenant: Tenant, purchase: PurchaseRecord): Promise<void> {
  if (purchase.grantId) await endGrant(tx, tenant, purchase.grantId);
}

/** A subscription's new billing period, on its grant. */
export async function renewGrantForPurchase(tx: Queryable, tenant: Tenant, purchase: PurchaseRecord, period: { start: Date; end: Date }): Promise<void> {
  if (purchase.grantId) await renewGrant(tx, tenant, purchase.grantId, period);
}

/** Records a refund on the grant; `end` also ends it. */
export async function refundGrantForPurchase(tx: Queryable, tenant: Tenant, purchase: PurchaseRecord, end: boolean): Promise<void> {
  if (purchase.grantId) await markRefunded(tx, tenant, purchase.grantId, { end });
}

/** Whether the customer holds the product now (for products that are not stackable). */
export async function customerHoldsProduct(q: Queryable, tenant: Tenant, customer: { type: "user" | "team" | "custom"; id: string }, productId: string): Promise<boolean> {
  return (await heldGrants(q, tenant, customer)).some((grant) => grant.productId === productId);
}

/**
 * What buying a product billed per period would replace: the products the customer holds in
 * its product line (the add-on's bases aside), by id, each once. Nothing for other products.
 */
export async function lineConflicts(
  q: Queryable,
  tenant: Tenant,
  customer: { type: "user" | "team" | "custom"; id: string },
  product: ProductConfig,
): Promise<{ productId: string; displayName: string }[]> {
  const lineId = productLineOf(product);
  const recurring = product.prices !== undefined && product.prices !== "include-by-default" && Object.values(product.prices).some((p) => p.interval !== undefined);
  if (!lineId || !recurring) return [];
  const bases = new Set(Object.keys(product.isAddOnTo || {}));
  const found = new Map<string, string>();
  for (const grant of await heldGrants(q, tenant, customer)) {
    if (grant.productId === null || bases.has(grant.productId) || productLineOf(grant.product) !== lineId) continue;
    found.set(grant.productId, (grant.product as ProductConfig).displayName ?? grant.productId);
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([productId, displayName]) => ({ productId, displayName }));
}
