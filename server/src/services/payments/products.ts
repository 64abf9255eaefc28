/**
 * Products as customers see them: the catalog's products, the list of what a customer holds,
 * the server's grant, cancelling and switching. The rules of holding a product are in
 * grants.ts; this module resolves what the caller names and shapes what it reads.
 */
import type { Db, Queryable } from "../../db/db";
import { listHeldGrants, moveGrant, updateGrant } from "../../db/queries/payments";
import { findPurchaseBySubscription, movePurchase } from "../../db/queries/purchases";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { PaymentsConfig, PriceConfig, ProductConfig } from "../project-config/document";
import type { ServiceDeps } from "../deps";
import type { Customer } from "./customers";
import { chargeCurrency, toMinorUnits } from "./money";
import { defaultGrants, endGrant, grantProduct, isHeld, type GrantRow } from "./grants";
import { projectStripeAccount } from "./stripe-account";

export type Access = "client" | "server" | "admin";

const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);

/** The catalog's product; with client access a server-only product reads as absent. */
export function catalogProduct(payments: PaymentsConfig, productId: string, access: Access): ProductConfig {
  const product = own(payments.products, productId);
  if (!product) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: null });
  if (access === "client" && product.serverOnly) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: "server_only" });
  return product;
}

/** Whether a product is billed per period: one of its prices has an interval. */
export function isRecurring(product: ProductConfig): boolean {
  return product.prices !== undefined && product.prices !== "include-by-default" && Object.values(product.prices).some((p) => p.interval !== undefined);
}

export interface CustomerProductView {
  grantId: string;
  id: string | null;
  quantity: number;
  product: ProductConfig;
  type: "one_time" | "subscription";
  subscription: { subscriptionId: string | null; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean; isCancelable: boolean } | null;
  switchOptions: { productId: string; product: ProductConfig }[];
}

/** Products of the same catalog a subscription may switch to: recurring, not add-ons, visible to the caller. */
function switchOptions(payments: PaymentsConfig, grant: GrantRow, access: Access): { productId: string; product: ProductConfig }[] {
  const catalogId = (grant.product as ProductConfig).catalogId;
  if (grant.kind !== "subscription" || !catalogId || grant.productId === null) return [];
  return Object.entries(payments.products)
    .filter(([id, p]) => id !== grant.productId && p.catalogId === catalogId && isRecurring(p) && !(p.isAddOnTo && Object.keys(p.isAddOnTo).length > 0))
    .filter(([, p]) => access !== "client" || !p.serverOnly)
    .map(([productId, product]) => ({ productId, product }));
}

export interface ProductPage {
  items: CustomerProductView[];
  nextCursor: string | null;
}

/**
 * The products the customer holds now, a page at a time: the include-by-default products it
 * holds without a grant, then its grants oldest first; the cursor is the id of the first
 * entry of the next page. Client access does not see server-only products.
 */
export async function listCustomerProducts(
  q: Queryable,
  tenant: Tenant,
  payments: PaymentsConfig,
  customer: Customer,
  access: Access,
  page: { cursor?: string; limit?: number },
  now = new Date(),
): Promise<ProductPage> {
  const granted = await listHeldGrants(q, tenant, customer, now);
  const held = [...defaultGrants(payments, customer, granted, now), ...granted].filter((g) => access !== "client" || !(g.product as ProductConfig).serverOnly);
  let start = 0;
  if (page.cursor) {
    start = held.findIndex((g) => g.id === page.cursor);
    if (start === -1) throw new KnownError("SCHEMA_ERROR", { message: "The cursor does not name a product of this list." });
  }
  const limit = page.limit ?? 10;
  const slice = held.slice(start, start + limit);
  return {
    items: slice.map((g) => ({
      grantId: g.id,
      id: g.productId,
      quantity: g.quantity,
      product: g.product as ProductConfig,
      type: g.kind,
      subscription:
        g.kind === "subscription"
          ? { subscriptionId: g.id, currentPeriodEnd: g.currentPeriodEnd, cancelAtPeriodEnd: g.cancelAtPeriodEnd, isCancelable: !g.cancelAtPeriodEnd }
          : null,
      switchOptions: switchOptions(payments, g, access),
    })),
    nextCursor: held[start + limit]?.id ?? null,
  };
}

export interface GrantRequest {
  productId?: string;
  inline?: ProductConfig;
  quantity?: number;
}

/** The server's grant (`POST /payments/products/...`): a catalog product by id, or an inline product. Returns the grant. */
export async function grantByApi(db: Db, tenant: Tenant, payments: PaymentsConfig, customer: Customer, request: GrantRequest, now = new Date()): Promise<GrantRow> {
  if ((request.productId === undefined) === (request.inline === undefined)) {
    throw new KnownError("SCHEMA_ERROR", { message: "Give exactly one of product_id and product_inline." });
  }
  const product = request.productId !== undefined ? catalogProduct(payments, request.productId, "server") : request.inline!;
  return db.transaction(async (tx) => {
    const { grant } = await grantProduct(tx, tenant, customer, {
      productId: request.productId ?? null,
      product,
      quantity: request.quantity,
      kind: isRecurring(product) ? "subscription" : "one_time",
      source: "api_grant",
      now,
    });
    return grant;
  });
}

/**
 * Cancels the customer's product: every held grant of it, or the one `subscriptionId` names.
 * A grant without a paid subscription ends now. A paid subscription (Stripe) is told to stop
 * at the end of its period on the project's connected account first, then its grant is marked
 * `cancelAtPeriodEnd`; Stripe's `customer.subscription.deleted` at the period's end ends the
 * grant (stripe-webhooks.ts). Stripe refusing or unreachable changes nothing here. A client
 * may not cancel a server-only product (it reads as absent).
 */
export async function cancelCustomerProduct(
  deps: ServiceDeps,
  tenant: Tenant,
  payments: PaymentsConfig,
  customer: Customer,
  access: Access,
  productId: string,
  subscriptionId: string | undefined,
  now = new Date(),
): Promise<GrantRow[]> {
  const cancellable = async (q: Queryable) => {
    const held = (await listHeldGrants(q, tenant, customer, now)).filter(
      (g) => g.productId === productId && (subscriptionId === undefined || g.id === subscriptionId),
    );
    const visible = held.filter((g) => access !== "client" || !(g.product as ProductConfig).serverOnly);
    if (visible.length === 0) {
      throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: held.length > 0 ? "server_only" : "not_owned" });
    }
    return visible;
  };
  // Stripe first, outside the transaction (no network calls while rows are locked): billing stops before our row says so.
  const paid = (await cancellable(deps.db)).filter((g) => g.stripeSubscriptionId && !g.cancelAtPeriodEnd);
  if (paid.length > 0) {
    const accountId = await projectStripeAccount(deps, tenant.projectId);
    for (const g of paid) await deps.stripe!.setCancelAtPeriodEnd(accountId, g.stripeSubscriptionId!, true);
  }
  return deps.db.transaction(async (tx) => {
    const cancelled: GrantRow[] = [];
    for (const g of await cancellable(tx)) {
      const done = g.stripeSubscriptionId
        ? await updateGrant(tx, tenant, g.id, { cancelAtPeriodEnd: true })
        : await endGrant(tx, tenant, g.id, { at: now });
      if (done) cancelled.push(done);
    }
    return cancelled;
  });
}

export interface SwitchRequest {
  fromProductId: string;
  toProductId: string;
  priceId?: string;
  quantity?: number;
}

/**
 * Switches the customer from one product to another of the same catalog: the held grant of
 * `from` ends and `to` is granted in its place (same source, the chosen price, the quantity
 * given or held). A paid subscription (Stripe) is switched at Stripe first, to the new price in
 * the currency it is paid in (prorated as Stripe does by default), then its grant and purchase
 * move to the new product: the same subscription bills on, and its webhooks keep applying.
 */
export async function switchCustomerProduct(
  deps: ServiceDeps,
  tenant: Tenant,
  payments: PaymentsConfig,
  customer: Customer,
  access: Access,
  request: SwitchRequest,
  now = new Date(),
): Promise<GrantRow> {
  const from = catalogProduct(payments, request.fromProductId, access);
  const to = catalogProduct(payments, request.toProductId, access);
  for (const [id, p] of [
    [request.fromProductId, from],
    [request.toProductId, to],
  ] as const) {
    if (p.customerType !== customer.type) {
      throw new KnownError("PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH", {
        product_id: id,
        customer_id: customer.id,
        product_customer_type: p.customerType ?? null,
        actual_customer_type: customer.type,
      });
    }
  }
  const refuse = (message: string) => new KnownError("SCHEMA_ERROR", { message });
  if (!from.catalogId || from.catalogId !== to.catalogId) throw refuse("Products must be in the same catalog to switch.");
  if (request.fromProductId === request.toProductId) throw refuse("The customer already holds this product.");
  if (to.isAddOnTo && Object.keys(to.isAddOnTo).length > 0) throw refuse("Add-on products cannot be switched to.");
  if (to.prices === "include-by-default") throw refuse("Include-by-default products cannot be switched to.");
  const prices = to.prices ?? {};
  const priceId = request.priceId ?? Object.keys(prices)[0];
  if (priceId === undefined || !own(prices, priceId)) throw refuse("Price not found for the target product.");
  if (request.quantity !== undefined && request.quantity !== 1 && !to.stackable) throw refuse("This product is not stackable; quantity must be 1.");

  const paid = (await listHeldGrants(deps.db, tenant, customer, now)).find((g) => g.productId === request.fromProductId && g.stripeSubscriptionId);
  if (paid) return switchPaidSubscription(deps, tenant, paid, request.toProductId, to, priceId, request.quantity ?? (to.stackable ? paid.quantity : 1));

  return deps.db.transaction(async (tx) => {
    const granted = await listHeldGrants(tx, tenant, customer, now);
    const held = [...granted, ...defaultGrants(payments, customer, granted, now)].find((g) => g.productId === request.fromProductId && isHeld(g, now));
    if (!held) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: request.fromProductId, context: "not_owned" });
    if (held.stripeSubscriptionId) throw refuse("The subscription became paid while switching; try again.");
    // Granting `to` ends `from`: one product per catalog.
    const { grant } = await grantProduct(tx, tenant, customer, {
      productId: request.toProductId,
      product: to,
      priceId,
      quantity: request.quantity ?? (to.stackable ? held.quantity : 1),
      kind: isRecurring(to) ? "subscription" : "one_time",
      source: held.source,
      now,
    });
    return grant;
  });
}

/** A subscription paid through Stripe moves to another product's price at Stripe, then here; Stripe failing changes nothing. */
async function switchPaidSubscription(deps: ServiceDeps, tenant: Tenant, held: GrantRow, toProductId: string, to: ProductConfig, priceId: string, quantity: number): Promise<GrantRow> {
  const refuse = (message: string) => new KnownError("SCHEMA_ERROR", { message });
  const purchase = await findPurchaseBySubscription(deps.db, tenant.projectId, held.stripeSubscriptionId!);
  if (!purchase || purchase.branchId !== tenant.branchId) throw refuse("This subscription's purchase is not known here; it cannot be switched.");
  const price = (to.prices as Record<string, PriceConfig>)[priceId]!;
  if (!price.interval) throw refuse("A paid subscription can only be switched to a price billed per period.");
  const currency = chargeCurrency(price, purchase.currency);
  const unit = currency === purchase.currency ? toMinorUnits(price[currency]!, currency) : null;
  if (!currency || unit === null) throw refuse(`Price "${priceId}" has no amount in ${purchase.currency}, the currency this subscription is paid in.`);
  const accountId = await projectStripeAccount(deps, tenant.projectId);
  await deps.stripe!.switchSubscriptionPrice(accountId, held.stripeSubscriptionId!, {
    name: to.displayName ?? toProductId,
    currency: currency.toLowerCase(),
    unitAmount: unit,
    quantity,
    recurring: { interval: price.interval[1], intervalCount: price.interval[0] },
  });
  return deps.db.transaction(async (tx) => {
    const product = to as Record<string, unknown>;
    await movePurchase(tx, tenant, purchase.id, { productId: toProductId, product, priceId, quantity, amount: unit * quantity });
    const moved = await moveGrant(tx, tenant, held.id, { productId: toProductId, product, priceId, quantity });
    if (!moved) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: held.productId ?? toProductId, context: "not_owned" });
    return moved;
  });
}
