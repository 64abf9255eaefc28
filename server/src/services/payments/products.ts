/**
 * Products as customers see them: the configured products, the list of what a customer
 * holds, the server's grant, cancelling and switching. The rules of holding a product are in
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
import { addDuration } from "./items";
import { defaultGrants, grantProduct, isHeld, isRunningSubscription, productCustomerTypeCheck, productLineOf, type GrantRow } from "./grants";
import { projectStripeAccount } from "./stripe-account";
import { snapshotProduct } from "./stripe-objects";

export type Access = "client" | "server" | "admin";

const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);

/** The configured product; with client access a server-only product reads as absent. */
export function catalogProduct(payments: PaymentsConfig, productId: string, access: Access): ProductConfig {
  const product = own(payments.products, productId);
  if (!product) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: own(payments.items, productId) ? "item_exists" : null });
  if (access === "client" && product.serverOnly) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: "server_only" });
  return product;
}

/** Whether a product is billed per period: one of its prices has an interval. */
export function isRecurring(product: ProductConfig): boolean {
  return product.prices !== undefined && product.prices !== "include-by-default" && Object.values(product.prices).some((p) => p.interval !== undefined);
}

export interface CustomerProductView {
  /** The product's id, or null for inline products (all of which read as one entry, as in Stack Auth). */
  id: string | null;
  /** What the customer holds of it: the sum over its grants. */
  quantity: number;
  /** The newest grant's snapshot of the product. */
  product: ProductConfig;
  /** "subscription" while a subscription of it runs (not cancelled); "one_time" otherwise. */
  type: "one_time" | "subscription";
  subscription: { subscriptionId: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean; isCancelable: boolean } | null;
  /** For a product in a product line: the line's other recurring products the customer may switch to; absent otherwise. */
  switchOptions?: { productId: string; product: ProductConfig }[];
}

/** The recurring products of a product line a customer of this type may switch to (add-ons and include-by-default products aside). */
function switchTargets(payments: PaymentsConfig, lineId: string, customerType: string, access: Access): { productId: string; product: ProductConfig }[] {
  return Object.entries(payments.products)
    .filter(([, p]) => productLineOf(p) === lineId && (p.customerType ?? "user") === customerType && isRecurring(p) && !(p.isAddOnTo && Object.keys(p.isAddOnTo).length > 0))
    .filter(([, p]) => access !== "client" || !p.serverOnly)
    .map(([productId, p]) => ({ productId, product: { ...p, prices: recurringPrices(p) } }));
}

function recurringPrices(product: ProductConfig): Record<string, PriceConfig> {
  if (!product.prices || product.prices === "include-by-default") return {};
  return Object.fromEntries(Object.entries(product.prices).filter(([, price]) => price.interval !== undefined));
}

export interface ProductPage {
  items: CustomerProductView[];
  nextCursor: string | null;
}

/** The key inline products share in the list and its cursor (Stack Auth's). */
const INLINE_KEY = "__null__";

/**
 * The products the customer holds now, one entry per product (quantities of its grants
 * added up), in product id order, a page at a time; the cursor is the product id of the
 * next page's first entry. Include-by-default products the customer holds without a grant
 * are listed too. Client access does not see server-only products.
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
  const held = [...defaultGrants(payments, customer, granted, now), ...granted];
  const byProduct = new Map<string, GrantRow[]>();
  for (const g of held) {
    const key = g.productId ?? INLINE_KEY;
    byProduct.set(key, [...(byProduct.get(key) ?? []), g]);
  }
  const entries = [...byProduct.entries()]
    .map(([key, grants]) => ({ key, grants, product: grants[grants.length - 1]!.product as ProductConfig }))
    .filter((e) => access !== "client" || !e.product.serverOnly)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let start = 0;
  if (page.cursor) {
    start = entries.findIndex((e) => e.key === page.cursor);
    if (start === -1) throw new KnownError("PAYMENTS_CURSOR_INVALID");
  }
  const limit = page.limit ?? 10;
  return {
    items: entries.slice(start, start + limit).map(({ key, grants, product }) => {
      const running = grants.filter(isRunningSubscription);
      const sub = running[running.length - 1];
      const lineId = productLineOf(product);
      return {
        id: key === INLINE_KEY ? null : key,
        quantity: grants.reduce((sum, g) => sum + g.quantity, 0),
        product,
        type: sub ? "subscription" : "one_time",
        subscription: sub ? { subscriptionId: sub.id, currentPeriodEnd: sub.currentPeriodEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, isCancelable: true } : null,
        ...(lineId ? { switchOptions: switchTargets(payments, lineId, customer.type, access).filter((o) => o.productId !== key) } : {}),
      };
    }),
    nextCursor: entries[start + limit]?.key ?? null,
  };
}

/** The price a grant is made at: the one named, else the product's first; none for include-by-default products. */
export function selectedPrice(product: ProductConfig, priceId?: string | null): { priceId: string; price: PriceConfig } | null {
  if (!product.prices || product.prices === "include-by-default") return null;
  const id = priceId ?? Object.keys(product.prices)[0];
  if (id === undefined) return null;
  const price = own(product.prices, id);
  if (!price) throw new KnownError("PURCHASE_PRICE_NOT_FOUND", { price_id: id });
  return { priceId: id, price };
}

export interface GrantRequest {
  productId?: string;
  inline?: ProductConfig;
  quantity?: number;
}

/**
 * The server's grant (`POST /payments/products/...`): a configured product by id, or an inline
 * product. It is a subscription when the product's first price has an interval, running for
 * one interval from now; a one-time grant otherwise. Returns the grant.
 */
export async function grantByApi(db: Db, tenant: Tenant, payments: PaymentsConfig, customer: Customer, request: GrantRequest, now = new Date()): Promise<GrantRow> {
  if (request.productId !== undefined && request.inline !== undefined) throw new KnownError("PRODUCT_ID_AND_INLINE");
  if (request.productId === undefined && request.inline === undefined) throw new KnownError("PRODUCT_ID_OR_INLINE_REQUIRED");
  const product = request.productId !== undefined ? catalogProduct(payments, request.productId, "server") : request.inline!;
  const interval = selectedPrice(product)?.price.interval;
  return db.transaction(async (tx) => {
    const { grant } = await grantProduct(tx, tenant, customer, {
      productId: request.productId ?? null,
      product,
      quantity: request.quantity,
      kind: interval ? "subscription" : "one_time",
      period: interval ? { start: now, end: addDuration(now, interval) } : null,
      source: "api_grant",
      now,
    });
    return grant;
  });
}

/**
 * Cancels the customer's subscription to a product: every running subscription of it, or the
 * one `subscriptionId` names (inline products have no id to name). A one-time purchase cannot
 * be cancelled. A subscription without Stripe is cancelled now and runs to the end of its
 * period (it is still held until then, as a product no longer billed). A paid subscription
 * (Stripe) is told to stop at the end of its period on the project's connected account first,
 * then its grant is marked `cancelAtPeriodEnd`; Stripe's `customer.subscription.deleted` at
 * the period's end ends the grant (stripe-webhooks.ts). Stripe refusing or unreachable changes
 * nothing here. A client may not name a server-only product (it reads as absent).
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
    const held = await listHeldGrants(q, tenant, customer, now);
    if (subscriptionId !== undefined) {
      const named = held.filter((g) => g.id === subscriptionId && isRunningSubscription(g) && (access !== "client" || !(g.product as ProductConfig).serverOnly));
      if (named.length === 0) throw new KnownError("SUBSCRIPTION_NOT_RUNNING");
      return named;
    }
    const product = catalogProduct(payments, productId, access);
    productCustomerTypeCheck(productId, product, customer);
    const owned = held.filter((g) => g.productId === productId);
    if (owned.length === 0) throw new KnownError("PRODUCT_NOT_HELD", { product_id: productId });
    const running = owned.filter(isRunningSubscription);
    if (running.length === 0) throw new KnownError("PRODUCT_NOT_SUBSCRIBED", { product_id: productId });
    return running;
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
        : await updateGrant(tx, tenant, g.id, { status: "canceled", cancelAtPeriodEnd: true, endedAt: g.currentPeriodEnd && g.currentPeriodEnd > now ? g.currentPeriodEnd : now });
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
 * Switches the customer from one product to another of the same product line. A subscription
 * paid through Stripe is switched at Stripe first, to the new price in the currency it is
 * paid in (prorated as Stripe does by default), then its grant and purchase move to the new
 * product: the same subscription bills on, and its webhooks keep applying.
 *
 * Without Stripe there is nothing paying for the new product, so (as in Stack Auth) a client
 * cannot switch a subscription that was granted or bought in test mode, nor away from an
 * include-by-default product; the app's server (or an admin) can, and then the held product
 * ends and the other is granted in its place, from the same source.
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
  if (payments.blockNewPurchases) throw new KnownError("NEW_PURCHASES_BLOCKED");
  const from = catalogProduct(payments, request.fromProductId, access);
  const to = catalogProduct(payments, request.toProductId, access);
  for (const [id, p] of [
    [request.fromProductId, from],
    [request.toProductId, to],
  ] as const) {
    if ((p.customerType ?? "user") !== customer.type) {
      throw new KnownError("PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH", {
        product_id: id,
        customer_id: customer.id,
        product_customer_type: p.customerType ?? "user",
        actual_customer_type: customer.type,
      });
    }
  }
  const refuse = (reason: string) => new KnownError("SWITCH_REFUSED", { reason });
  const lineId = productLineOf(from);
  if (!lineId || lineId !== productLineOf(to)) throw refuse("Only products of the same product line can be switched between.");
  if (request.fromProductId === request.toProductId) throw refuse("The customer already holds this product.");
  if (to.isAddOnTo && Object.keys(to.isAddOnTo).length > 0) throw refuse("An add-on cannot be switched to.");
  if (to.prices === "include-by-default") throw refuse("An include-by-default product cannot be switched to.");
  const fromIsDefault = from.prices === "include-by-default";
  if (!fromIsDefault && !isRecurring(from)) throw refuse(`Product ${request.fromProductId} is bought once, so it cannot be switched.`);
  const prices = recurringPrices(to);
  const priceId = request.priceId ?? Object.keys(prices)[0];
  if (priceId === undefined || !own(prices, priceId)) throw refuse("The target product has no such price billed per period.");
  if (request.quantity !== undefined && request.quantity !== 1 && !to.stackable) throw new KnownError("PRODUCT_NOT_STACKABLE", { product_id: request.toProductId });

  const heldNow = await listHeldGrants(deps.db, tenant, customer, now);
  if (heldNow.some((g) => productLineOf(g.product) === lineId && g.kind === "one_time")) throw new KnownError("ONE_TIME_PURCHASE_IN_PRODUCT_LINE", { product_line_id: lineId });
  const paid = heldNow.find((g) => g.productId === request.fromProductId && isRunningSubscription(g) && g.stripeSubscriptionId);
  if (paid) return switchPaidSubscription(deps, tenant, paid, request.toProductId, to, priceId, request.quantity ?? (to.stackable ? paid.quantity : 1));
  if (access === "client") {
    throw refuse(`This subscription cannot be switched from the client: it is not paid through Stripe${fromIsDefault ? " (the customer holds the included product)" : ""}.`);
  }

  return deps.db.transaction(async (tx) => {
    const granted = await listHeldGrants(tx, tenant, customer, now);
    const held = [...granted, ...defaultGrants(payments, customer, granted, now)].find(
      (g) => g.productId === request.fromProductId && isHeld(g, now) && (fromIsDefault || isRunningSubscription(g)),
    );
    if (!held) throw refuse(`The customer holds no subscription to product ${request.fromProductId} that could be switched.`);
    if (held.stripeSubscriptionId) throw refuse("The subscription became paid while switching; try again.");
    const interval = prices[priceId]!.interval!;
    // Granting `to` ends `from`: one product per product line.
    const { grant } = await grantProduct(tx, tenant, customer, {
      productId: request.toProductId,
      product: to,
      priceId,
      quantity: request.quantity ?? (to.stackable ? held.quantity : 1),
      kind: "subscription",
      period: { start: now, end: addDuration(now, interval) },
      source: held.source,
      now,
    });
    return grant;
  });
}

/** A subscription paid through Stripe moves to another product's price at Stripe, then here; Stripe failing changes nothing. */
async function switchPaidSubscription(deps: ServiceDeps, tenant: Tenant, held: GrantRow, toProductId: string, to: ProductConfig, priceId: string, quantity: number): Promise<GrantRow> {
  const refuse = (reason: string) => new KnownError("SWITCH_REFUSED", { reason });
  const purchase = await findPurchaseBySubscription(deps.db, tenant.projectId, held.stripeSubscriptionId!);
  if (!purchase || purchase.branchId !== tenant.branchId) throw refuse("This subscription's purchase is not known here; it cannot be switched.");
  const price = (to.prices as Record<string, PriceConfig>)[priceId]!;
  if (!price.interval) throw refuse("A paid subscription can only be switched to a price billed per period.");
  const currency = chargeCurrency(price, purchase.currency);
  const unit = currency === purchase.currency ? toMinorUnits(price[currency]!, currency) : null;
  if (!currency || unit === null) throw refuse(`Price "${priceId}" has no amount in ${purchase.currency}, the currency this subscription is paid in.`);
  const accountId = await projectStripeAccount(deps, tenant.projectId);
  // The subscription's metadata names the new product, so that reading it back from Stripe (webhooks) keeps it.
  const productVersionId = await snapshotProduct(deps.db, tenant, toProductId, to);
  await deps.stripe!.switchSubscriptionPrice(
    accountId,
    held.stripeSubscriptionId!,
    {
      name: to.displayName ?? toProductId,
      currency: currency.toLowerCase(),
      unitAmount: unit,
      quantity,
      recurring: { interval: price.interval[1], intervalCount: price.interval[0] },
    },
    { productId: toProductId, productVersionId, priceId, gatehouse_project_id: tenant.projectId, gatehouse_branch_id: tenant.branchId },
  );
  return deps.db.transaction(async (tx) => {
    const product = to as Record<string, unknown>;
    await movePurchase(tx, tenant, purchase.id, { productId: toProductId, product, priceId, quantity, amount: unit * quantity });
    const moved = await moveGrant(tx, tenant, held.id, { productId: toProductId, product, priceId, quantity });
    if (!moved) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: held.productId ?? toProductId, context: "not_owned" });
    return moved;
  });
}
