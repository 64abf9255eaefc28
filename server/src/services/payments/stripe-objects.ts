/**
 * What ties our customers and products to the objects at Stripe, in the form Stack Auth's
 * installations leave them (so that their webhooks apply here too):
 *
 * - a customer pays through its own Stripe customer on the project's connected account, whose
 *   metadata names it: `customerId`, and `customerType` in capitals (USER, TEAM, CUSTOM);
 * - a PaymentIntent or subscription names what it buys in its metadata: `productId`, `priceId`,
 *   and the product as it was then, by `productVersionId` (a row of product_snapshots, as
 *   metadata values hold 500 characters at most), or, in older objects, as JSON in `product`
 *   (or `offer`); a one-time payment also `customerId`, `customerType`, `purchaseQuantity` and
 *   `purchaseKind: "ONE_TIME"`.
 */
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { findProductSnapshot, findStripeCustomerId, insertProductSnapshot, insertStripeCustomer } from "../../db/queries/stripe-objects";
import type { Tenant } from "../../db/queries/tenant";
import type { ProductConfig } from "../project-config/document";
import type { ServiceDeps } from "../deps";
import type { Customer, CustomerType } from "./customers";

/** Stack Auth's spelling of a customer type in Stripe metadata. */
export const stripeCustomerType = (type: CustomerType) => type.toUpperCase();

/** A customer type read from Stripe metadata, in either case; null when it names none. */
export function customerTypeFrom(value: unknown): CustomerType | null {
  const lower = typeof value === "string" ? value.toLowerCase() : "";
  return lower === "user" || lower === "team" || lower === "custom" ? lower : null;
}

/** The customer's Stripe customer on the account, if it has one. */
export const existingStripeCustomer = (deps: ServiceDeps, tenant: Tenant, customer: Customer, accountId: string) =>
  findStripeCustomerId(deps.db, tenant, customer, accountId);

/** The customer's Stripe customer on the account, made (and kept) on first use. */
export async function stripeCustomerFor(deps: ServiceDeps, tenant: Tenant, customer: Customer, accountId: string): Promise<string> {
  const existing = await findStripeCustomerId(deps.db, tenant, customer, accountId);
  if (existing) return existing;
  const created = await deps.stripe!.createCustomer(accountId, {
    customerId: customer.id,
    customerType: stripeCustomerType(customer.type),
    gatehouse_project_id: tenant.projectId,
    gatehouse_branch_id: tenant.branchId,
  });
  // Of two first uses racing, the first stored is the customer's (the other stays unused at Stripe).
  return insertStripeCustomer(deps.db, tenant, customer, accountId, created.id);
}

/** Keeps the product as it is now, for Stripe objects to name by id. */
export async function snapshotProduct(q: Queryable, tenant: Tenant, productId: string | null, product: ProductConfig): Promise<string> {
  const id = newId();
  await insertProductSnapshot(q, tenant, { id, productId, product: product as Record<string, unknown> });
  return id;
}

const parseJson = (text: string | undefined): ProductConfig | null => {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as ProductConfig) : null;
  } catch {
    return null;
  }
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The product a Stripe object's metadata names (see the module comment), with the branch its
 * snapshot was taken on; null when it names none this project knows.
 */
export async function productFromMetadata(q: Queryable, projectId: string, metadata: Record<string, string | undefined>): Promise<{ product: ProductConfig; branchId: string | null } | null> {
  const versionId = metadata.productVersionId;
  if (versionId && UUID.test(versionId)) {
    const snapshot = await findProductSnapshot(q, projectId, versionId);
    if (snapshot) return { product: snapshot.product as ProductConfig, branchId: snapshot.branchId };
  }
  const inline = parseJson(metadata.product) ?? parseJson(metadata.offer);
  return inline ? { product: inline, branchId: null } : null;
}
