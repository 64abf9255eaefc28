/**
 * Buying a product (CONTRACT "payments"): the app asks for a checkout link for a customer and
 * a product; the link opens the hosted checkout page in the web app (`/purchase/<code>`),
 * which reads the offer (validate-code) and starts the purchase (purchase-session).
 *
 * The link's code is `<project id>_<secret>`: the project tells where to look, the secret
 * (192 random bits, stored as a digest) is the authority; it expires after a day and buys
 * once. In test mode the purchase completes at once, without Stripe, and grants the product
 * (source test_mode). Otherwise it becomes a Stripe Checkout session on the project's
 * connected account and stays pending until Stripe's webhook says it was paid
 * (stripe-webhooks.ts): the webhook, not the browser's return, is what grants.
 */
import { randomBytes } from "node:crypto";
import { hashSecret } from "../../crypto/secret-hash";
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import {
  deleteUnstartedPurchase,
  findPurchaseCode,
  findStripeAccountId,
  insertPurchase,
  insertPurchaseCode,
  releasePurchaseCode,
  setCheckoutSession,
  takePurchaseCode,
  updatePurchase,
  type NewPurchase,
  type PurchaseCodeRecord,
  type PurchaseRecord,
} from "../../db/queries/purchases";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Duration, PriceConfig, ProductConfig } from "../project-config/document";
import { assertTrustedRedirect } from "../redirects";
import type { Tenancy } from "../tenancy";
import { assertCallerMayActFor, assertCustomerExists, type CustomerCaller } from "./customers";
import { chargeCurrency, toMinorUnits } from "./money";
import { purchasablePrices, resolvePurchasable } from "./purchasable";
import { customerHoldsProduct, grantForPurchase, lineConflicts } from "./purchase-grants";
import { projectStripeAccount } from "./stripe-account";

export const PURCHASE_CODE_TTL_MS = 24 * 60 * 60 * 1000;

export interface PurchaseUrlInput {
  customer_type: "user" | "team" | "custom";
  customer_id: string;
  product_id?: string;
  product_inline?: ProductConfig;
  return_url?: string;
}

interface ParsedCode {
  projectId: string;
  secretHash: string;
}

/** `<project id>_<secret>`; the secret is lowercase hex, so the last "_" ends the project id. */
function parseFullCode(fullCode: string): ParsedCode {
  const split = fullCode.lastIndexOf("_");
  const secret = fullCode.slice(split + 1);
  if (split <= 0 || !/^[0-9a-f]{48}$/.test(secret)) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  return { projectId: fullCode.slice(0, split), secretHash: hashSecret(secret) };
}

export function purchasePageUrl(deps: ServiceDeps, fullCode: string): URL {
  return new URL(`${deps.settings.publicWebUrl}/purchase/${encodeURIComponent(fullCode)}`);
}

/**
 * A checkout link for a customer and a product, in Stack Auth's order of checks: purchases
 * not blocked, the client acting for its own customer, the product (a configured one, or an
 * inline one from the server), its customer type, the customer, a product not held already
 * (unless stackable), a trusted return URL, and a Stripe account unless in test mode.
 */
export async function createPurchaseUrl(deps: ServiceDeps, tenancy: Tenancy, caller: CustomerCaller, input: PurchaseUrlInput): Promise<string> {
  if (tenancy.config.payments.blockNewPurchases) throw new KnownError("NEW_PURCHASES_BLOCKED");
  await assertCallerMayActFor(deps, tenancy, caller, { type: input.customer_type, id: input.customer_id });
  const { productId, product } = resolvePurchasable(tenancy, caller.access, input);
  const productCustomerType = product.customerType ?? "user";
  if (productCustomerType !== input.customer_type) {
    throw new KnownError("PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      product_id: productId,
      customer_id: input.customer_id,
      product_customer_type: productCustomerType,
      actual_customer_type: input.customer_type,
    });
  }
  const customer = { type: input.customer_type, id: input.customer_id };
  await assertCustomerExists(deps, tenancy, customer);
  if (Object.keys(purchasablePrices(product)).length === 0) {
    throw new KnownError("SCHEMA_ERROR", { message: "The product has no price a customer can buy it at." });
  }
  if (productId && !product.stackable && (await customerHoldsProduct(deps.db, tenancy, customer, productId))) {
    throw new KnownError("PRODUCT_ALREADY_GRANTED", { product_id: productId, customer_id: customer.id });
  }
  assertTrustedRedirect(input.return_url, tenancy.config);
  if (!tenancy.config.payments.testMode) await liveAccount(deps, tenancy);

  const secret = randomBytes(24).toString("hex");
  await insertPurchaseCode(deps.db, hashSecret(secret), {
    projectId: tenancy.projectId,
    branchId: tenancy.branchId,
    customerType: customer.type,
    customerId: customer.id,
    productId,
    product: product as Record<string, unknown>,
    returnUrl: input.return_url ?? null,
    expiresAt: new Date(Date.now() + PURCHASE_CODE_TTL_MS),
  });
  const url = purchasePageUrl(deps, `${tenancy.projectId}_${secret}`);
  if (input.return_url) url.searchParams.set("return_url", input.return_url);
  return url.toString();
}

/** The Stripe account live purchases go to; without one (or without a platform key) there are none. */
const liveAccount = (deps: ServiceDeps, tenant: Tenant) => projectStripeAccount(deps, tenant.projectId);

interface OpenCode {
  code: PurchaseCodeRecord;
  tenancy: Tenancy;
  parsed: ParsedCode;
}

async function openCode(deps: ServiceDeps, fullCode: string): Promise<OpenCode> {
  const parsed = parseFullCode(fullCode);
  const code = await findPurchaseCode(deps.db, parsed.projectId, parsed.secretHash);
  if (!code) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  if (code.usedAt) throw new KnownError("VERIFICATION_CODE_ALREADY_USED");
  if (code.expiresAt.getTime() <= Date.now()) throw new KnownError("VERIFICATION_CODE_EXPIRED");
  const lookup = await deps.tenancies.lookup(code.projectId, code.branchId);
  if (!lookup.found) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  return { code, tenancy: lookup.tenancy, parsed };
}

export interface PurchaseOffer {
  productId: string | null;
  product: ProductConfig;
  prices: Record<string, PriceConfig>;
  customerType: string;
  customerId: string;
  projectId: string;
  projectDisplayName: string;
  projectLogoUrl: string | null;
  testMode: boolean;
  stripeAccountId: string | null;
  chargesEnabled: boolean;
  alreadyBoughtNonStackable: boolean;
  /** For a product billed per period: the products held in its product line, which buying it replaces. */
  conflictingProducts: { productId: string; displayName: string }[];
  returnUrl: string | null;
}

/** What the checkout page shows for a code: the product, its prices and the project. Reading does not use the code up. */
export async function validatePurchaseCode(deps: ServiceDeps, fullCode: string, returnUrl: string | undefined): Promise<PurchaseOffer> {
  const { code, tenancy } = await openCode(deps, fullCode);
  assertTrustedRedirect(returnUrl, tenancy.config);
  const product = code.product as ProductConfig;
  const testMode = tenancy.config.payments.testMode;
  const stripeAccountId = deps.stripe ? await findStripeAccountId(deps.db, tenancy.projectId) : null;
  let chargesEnabled = false;
  if (!testMode && stripeAccountId && deps.stripe) {
    chargesEnabled = (await deps.stripe.retrieveAccount(stripeAccountId)).chargesEnabled;
  }
  return {
    productId: code.productId,
    product,
    prices: purchasablePrices(product),
    customerType: code.customerType,
    customerId: code.customerId,
    projectId: tenancy.projectId,
    projectDisplayName: tenancy.project.displayName,
    projectLogoUrl: tenancy.project.logoUrl ?? null,
    testMode,
    stripeAccountId,
    chargesEnabled,
    alreadyBoughtNonStackable:
      !!code.productId && !product.stackable && (await customerHoldsProduct(deps.db, tenancy, { type: code.customerType, id: code.customerId }, code.productId)),
    conflictingProducts: await lineConflicts(deps.db, tenancy, { type: code.customerType, id: code.customerId }, product),
    returnUrl: code.returnUrl,
  };
}

export interface PurchaseSessionInput {
  full_code: string;
  price_id: string;
  quantity?: number;
  currency?: string;
}

export interface PurchaseSessionResult {
  /** Test mode: the purchase is complete and the product granted. */
  completed: boolean;
  /** Live: Stripe's hosted checkout for this purchase. */
  checkoutUrl: string | null;
  purchaseId: string;
}

interface PricedPurchase {
  price: PriceConfig;
  currency: string;
  amount: number;
  quantity: number;
}

function pricePurchase(code: PurchaseCodeRecord, input: PurchaseSessionInput): PricedPurchase {
  const product = code.product as ProductConfig;
  const prices = purchasablePrices(product);
  const price = Object.hasOwn(prices, input.price_id) ? prices[input.price_id] : undefined;
  if (!price) throw new KnownError("SCHEMA_ERROR", { message: `The product this code is for has no price "${input.price_id}".` });
  const quantity = input.quantity ?? 1;
  if (quantity > 1 && !product.stackable) throw new KnownError("SCHEMA_ERROR", { message: "This product is not stackable, so it is bought one at a time (quantity 1)." });
  const currency = chargeCurrency(price, input.currency);
  const unit = currency ? toMinorUnits(price[currency]!, currency) : null;
  if (!currency || unit === null) throw new KnownError("SCHEMA_ERROR", { message: `Price "${input.price_id}" has no amount in a supported currency.` });
  return { price, currency, amount: unit * quantity, quantity };
}

export function addDuration(from: Date, [count, unit]: Duration): Date {
  const to = new Date(from);
  if (unit === "day") to.setUTCDate(to.getUTCDate() + count);
  else if (unit === "week") to.setUTCDate(to.getUTCDate() + 7 * count);
  else if (unit === "month") to.setUTCMonth(to.getUTCMonth() + count);
  else to.setUTCFullYear(to.getUTCFullYear() + count);
  return to;
}

function newPurchaseRow(code: PurchaseCodeRecord, priceId: string, priced: PricedPurchase, source: "test_mode" | "stripe"): NewPurchase {
  const now = new Date();
  const interval = priced.price.interval;
  return {
    id: newId(),
    customerType: code.customerType,
    customerId: code.customerId,
    productId: code.productId,
    product: code.product,
    priceId,
    quantity: priced.quantity,
    kind: interval ? "subscription" : "one_time",
    source,
    status: source === "test_mode" ? "active" : "pending",
    currency: priced.currency,
    amount: priced.amount,
    currentPeriodStart: interval && source === "test_mode" ? now : null,
    currentPeriodEnd: interval && source === "test_mode" ? addDuration(now, interval) : null,
  };
}

/**
 * Marks a purchase paid and grants its product, in the caller's transaction. Answers the Stripe
 * subscriptions of products the grant replaced in their catalog, which the caller stops at
 * Stripe once the transaction is done.
 */
export async function activatePurchase(tx: Queryable, tenant: Tenant, purchase: PurchaseRecord, update: Parameters<typeof updatePurchase>[3] = {}): Promise<string[]> {
  const active: PurchaseRecord = { ...purchase, status: "active" };
  const { grantId, replacedSubscriptions } = await grantForPurchase(tx, tenant, active);
  await updatePurchase(tx, tenant, purchase.id, { ...update, status: "active", grantId });
  return replacedSubscriptions;
}

async function completeInTestMode(deps: ServiceDeps, opened: OpenCode, input: PurchaseSessionInput, priced: PricedPurchase): Promise<PurchaseSessionResult> {
  const { tenancy, parsed, code } = opened;
  const row = newPurchaseRow(code, input.price_id, priced, "test_mode");
  await deps.db.transaction(async (tx) => {
    const taken = await takePurchaseCode(tx, parsed.projectId, parsed.secretHash);
    if (!taken) throw new KnownError("VERIFICATION_CODE_ALREADY_USED");
    await insertPurchase(tx, tenancy, row);
    // grantProduct applies the catalog's rules (PRODUCT_ALREADY_GRANTED for a product held); a refusal undoes it all.
    const { grantId } = await grantForPurchase(tx, tenancy, { ...toRecord(row), status: "active" });
    await updatePurchase(tx, tenancy, row.id, { grantId });
  });
  return { completed: true, checkoutUrl: null, purchaseId: row.id };
}

function toRecord(row: NewPurchase): PurchaseRecord {
  return {
    ...row,
    stripeCheckoutSessionId: null,
    stripeSubscriptionId: null,
    stripePaymentIntentId: null,
    currentPeriodStart: row.currentPeriodStart?.getTime() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.getTime() ?? null,
    stripeStateAt: 0,
    grantId: null,
    refundedAt: null,
    refundedAmount: null,
    createdAt: Date.now(),
  };
}

/**
 * Starts the purchase a code offers at one of its prices. Test mode: completes it and grants
 * the product. Live: opens a Stripe Checkout session on the project's account; the code is
 * used up once the session exists (given back, and the pending purchase removed, if Stripe could
 * not be reached: PAYMENT_PROVIDER_UNAVAILABLE).
 */
export async function startPurchaseSession(deps: ServiceDeps, input: PurchaseSessionInput): Promise<PurchaseSessionResult> {
  const opened = await openCode(deps, input.full_code);
  if (opened.tenancy.config.payments.blockNewPurchases) throw new KnownError("NEW_PURCHASES_BLOCKED");
  const priced = pricePurchase(opened.code, input);
  if (opened.tenancy.config.payments.testMode) return completeInTestMode(deps, opened, input, priced);

  const { tenancy, parsed, code } = opened;
  const accountId = await liveAccount(deps, tenancy);
  const row = newPurchaseRow(code, input.price_id, priced, "stripe");
  await deps.db.transaction(async (tx) => {
    if (!(await takePurchaseCode(tx, parsed.projectId, parsed.secretHash))) throw new KnownError("VERIFICATION_CODE_ALREADY_USED");
    await insertPurchase(tx, tenancy, row);
  });
  const pageUrl = purchasePageUrl(deps, input.full_code);
  const successUrl = code.returnUrl ?? `${pageUrl.toString()}?purchase=success`;
  try {
    const interval = priced.price.interval;
    const session = await deps.stripe!.createCheckoutSession(accountId, {
      lineItem: {
        name: (code.product as ProductConfig).displayName ?? code.productId ?? "Product",
        currency: priced.currency.toLowerCase(),
        unitAmount: priced.amount / priced.quantity,
        quantity: priced.quantity,
        ...(interval ? { recurring: { interval: interval[1], intervalCount: interval[0] } } : {}),
      },
      successUrl,
      cancelUrl: `${pageUrl.toString()}?purchase=canceled`,
      metadata: { gatehouse_project_id: tenancy.projectId, gatehouse_branch_id: tenancy.branchId, gatehouse_purchase_id: row.id },
    });
    await setCheckoutSession(deps.db, tenancy, row.id, session.id);
    return { completed: false, checkoutUrl: session.url, purchaseId: row.id };
  } catch (error) {
    // Stripe unreachable or refusing: the code is given back and the purchase never started.
    await deps.db.transaction(async (tx) => {
      await deleteUnstartedPurchase(tx, tenancy, row.id);
      await releasePurchaseCode(tx, parsed.projectId, parsed.secretHash);
    });
    throw error;
  }
}

/**
 * The dashboard's test purchase (admin): completes a code's purchase without Stripe even when
 * the project is live, so an admin can try a product; the purchase is marked test_mode.
 */
export async function startTestModePurchase(deps: ServiceDeps, tenancy: Tenancy, input: PurchaseSessionInput): Promise<PurchaseSessionResult> {
  const opened = await openCode(deps, input.full_code);
  if (opened.code.projectId !== tenancy.projectId || opened.code.branchId !== tenancy.branchId) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  if (opened.tenancy.config.payments.blockNewPurchases) throw new KnownError("NEW_PURCHASES_BLOCKED");
  return completeInTestMode(deps, opened, input, pricePurchase(opened.code, input));
}
