/**
 * Buying a product (CONTRACT "payments"): the app asks for a checkout link for a customer and
 * a product; the link opens the hosted checkout page in the web app (`/purchase/<code>`),
 * which reads the offer (validate-code) and starts the purchase.
 *
 * The link's code is `<project id>_<secret>`: the project tells where to look, the secret
 * (192 random bits, stored as a digest) is the authority; it expires after a day and buys
 * once.
 *
 * - purchase-session (as in Stack Auth) starts the payment at Stripe, on the project's
 *   connected account, for the customer's own Stripe customer: a PaymentIntent for a one-time
 *   price, an incomplete subscription for a recurring one. It answers the client secret the
 *   page confirms the payment with (Stripe's payment element). Nothing is granted then:
 *   Stripe's webhooks say what was paid (stripe-sync.ts), and the webhook is what grants.
 * - In test mode the page completes the purchase without Stripe instead (completeTestPurchase,
 *   ours), and an admin may do so for any code of the project (test-mode-purchase-session).
 *   Either grants at once, marked as made in test mode.
 */
import { randomBytes } from "node:crypto";
import { hashSecret } from "../../crypto/secret-hash";
import { newId } from "../../crypto/random";
import {
  findPurchaseCode,
  findStripeAccountId,
  insertedPurchaseRecord,
  insertPurchase,
  insertPurchaseCode,
  releasePurchaseCode,
  takePurchaseCode,
  updatePurchase,
  type NewPurchase,
  type PurchaseCodeRecord,
} from "../../db/queries/purchases";
import { listHeldGrants } from "../../db/queries/payments";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Duration, PriceConfig, ProductConfig } from "../project-config/document";
import { assertTrustedRedirect } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";
import { assertCallerMayActFor, assertCustomerExists, type CustomerCaller } from "./customers";
import { grantConflicts } from "./grants";
import { chargeCurrency, toMinorUnits, type Currency } from "./money";
import { purchasablePrices, resolvePurchasable } from "./purchasable";
import { customerHoldsProduct, grantForPurchase, lineConflicts } from "./purchase-grants";
import { projectStripeAccount } from "./stripe-account";
import { snapshotProduct, stripeCustomerFor, stripeCustomerType } from "./stripe-objects";

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
const liveAccount = (deps: ServiceDeps, tenancy: Tenancy) => projectStripeAccount(deps, tenancy.projectId);

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
  /** Ours: which of the price's currencies to charge; the first it has when left out. */
  currency?: string;
}

interface PricedPurchase {
  price: PriceConfig;
  currency: Currency;
  /** Per unit, in the currency's smallest unit. */
  unitAmount: number;
  quantity: number;
}

function pricePurchase(code: PurchaseCodeRecord, input: PurchaseSessionInput): PricedPurchase {
  const product = code.product as ProductConfig;
  const prices = purchasablePrices(product);
  const price = Object.hasOwn(prices, input.price_id) ? prices[input.price_id] : undefined;
  if (!price) throw new KnownError("PURCHASE_PRICE_NOT_FOUND", { price_id: input.price_id });
  const quantity = input.quantity ?? 1;
  if (quantity !== 1 && !product.stackable) throw new KnownError("PRODUCT_NOT_STACKABLE", { product_id: code.productId });
  const currency = chargeCurrency(price, input.currency);
  const unitAmount = currency ? toMinorUnits(price[currency]!, currency) : null;
  if (!currency || unitAmount === null) throw new KnownError("SCHEMA_ERROR", { message: `Price "${input.price_id}" has no amount in a supported currency.` });
  return { price, currency, unitAmount, quantity };
}

export function addDuration(from: Date, [count, unit]: Duration): Date {
  const to = new Date(from);
  if (unit === "day") to.setUTCDate(to.getUTCDate() + count);
  else if (unit === "week") to.setUTCDate(to.getUTCDate() + 7 * count);
  else if (unit === "month") to.setUTCMonth(to.getUTCMonth() + count);
  else to.setUTCFullYear(to.getUTCFullYear() + count);
  return to;
}

/** The rules of holding products, checked before anything is charged (grants.ts applies them again when granting). */
async function assertBuyable(deps: ServiceDeps, tenancy: Tenancy, code: PurchaseCodeRecord, quantity: number): Promise<void> {
  const customer = { type: code.customerType, id: code.customerId };
  const held = await listHeldGrants(deps.db, tenancy, customer, new Date());
  grantConflicts(held, customer, { productId: code.productId, product: code.product as ProductConfig, quantity });
}

/**
 * Starts the purchase a code offers at one of its prices, at Stripe (see the module comment),
 * and answers the client secret the page confirms the payment with. The code buys once; when
 * Stripe cannot be reached it stays usable.
 */
export async function startPurchaseSession(deps: ServiceDeps, input: PurchaseSessionInput): Promise<{ clientSecret: string }> {
  const { code, tenancy, parsed } = await openCode(deps, input.full_code);
  if (tenancy.config.payments.blockNewPurchases) throw new KnownError("NEW_PURCHASES_BLOCKED");
  const accountId = await liveAccount(deps, tenancy);
  const priced = pricePurchase(code, input);
  await assertBuyable(deps, tenancy, code, priced.quantity);

  // The code is taken before Stripe is asked, so two sessions racing cannot both charge; it is
  // given back when Stripe cannot be reached.
  if (!(await takePurchaseCode(deps.db, parsed.projectId, parsed.secretHash))) throw new KnownError("VERIFICATION_CODE_ALREADY_USED");
  try {
    return await startAtStripe(deps, tenancy, accountId, code, input, priced);
  } catch (error) {
    await releasePurchaseCode(deps.db, parsed.projectId, parsed.secretHash);
    throw error;
  }
}

async function startAtStripe(deps: ServiceDeps, tenancy: Tenancy, accountId: string, code: PurchaseCodeRecord, input: PurchaseSessionInput, priced: PricedPurchase): Promise<{ clientSecret: string }> {
  const customer = { type: code.customerType, id: code.customerId };
  const stripeCustomerId = await stripeCustomerFor(deps, tenancy, customer, accountId);
  const product = code.product as ProductConfig;
  const productVersionId = await snapshotProduct(deps.db, tenancy, code.productId, product);
  const named = {
    productId: code.productId ?? "",
    productVersionId,
    priceId: input.price_id,
    gatehouse_project_id: tenancy.projectId,
    gatehouse_branch_id: tenancy.branchId,
  };
  const interval = priced.price.interval;
  const payment = interval
    ? await deps.stripe!.createSubscription(accountId, {
        customerId: stripeCustomerId,
        lineItem: {
          name: product.displayName ?? code.productId ?? "Subscription",
          currency: priced.currency.toLowerCase(),
          unitAmount: priced.unitAmount,
          quantity: priced.quantity,
          recurring: { interval: interval[1], intervalCount: interval[0] },
        },
        metadata: named,
      })
    : await deps.stripe!.createPaymentIntent(accountId, {
        amount: priced.unitAmount * priced.quantity,
        currency: priced.currency.toLowerCase(),
        customerId: stripeCustomerId,
        metadata: {
          ...named,
          customerId: code.customerId,
          customerType: stripeCustomerType(customer.type),
          purchaseQuantity: String(priced.quantity),
          purchaseKind: "ONE_TIME",
        },
      });
  return { clientSecret: payment.clientSecret };
}

function testModePurchase(code: PurchaseCodeRecord, priceId: string, priced: PricedPurchase): NewPurchase {
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
    source: "test_mode",
    status: "active",
    currency: priced.currency,
    amount: priced.unitAmount * priced.quantity,
    currentPeriodStart: interval ? now : null,
    currentPeriodEnd: interval ? addDuration(now, interval) : null,
  };
}

/** Completes a code's purchase without payment, granting the product (source test_mode), and uses the code up. */
async function completeWithoutPayment(deps: ServiceDeps, opened: OpenCode, input: PurchaseSessionInput): Promise<void> {
  const { tenancy, parsed, code } = opened;
  if (tenancy.config.payments.blockNewPurchases) throw new KnownError("NEW_PURCHASES_BLOCKED");
  const row = testModePurchase(code, input.price_id, pricePurchase(code, input));
  await deps.db.transaction(async (tx) => {
    const taken = await takePurchaseCode(tx, parsed.projectId, parsed.secretHash);
    if (!taken) throw new KnownError("VERIFICATION_CODE_ALREADY_USED");
    await insertPurchase(tx, tenancy, row);
    // grantProduct applies the rules of holding products (PRODUCT_ALREADY_GRANTED...); a refusal undoes it all.
    const { grantId } = await grantForPurchase(tx, tenancy, { ...insertedPurchaseRecord(row), status: "active" });
    await updatePurchase(tx, tenancy, row.id, { grantId });
  });
}

/** The hosted page's purchase in test mode (ours): it completes without Stripe, for a project in test mode only. */
export async function completeTestPurchase(deps: ServiceDeps, input: PurchaseSessionInput): Promise<void> {
  const opened = await openCode(deps, input.full_code);
  if (!opened.tenancy.config.payments.testMode) {
    throw new KnownError("SCHEMA_ERROR", { message: "This project is not in test mode: purchases are paid through Stripe (purchase-session)." });
  }
  await completeWithoutPayment(deps, opened, input);
}

/**
 * The dashboard's test purchase (admin): completes a code's purchase without Stripe even when
 * the project is live, so an admin can try a product; the purchase is marked test_mode.
 */
export async function startTestModePurchase(deps: ServiceDeps, tenancy: Tenancy, input: PurchaseSessionInput): Promise<void> {
  const opened = await openCode(deps, input.full_code);
  if (opened.code.projectId !== tenancy.projectId || opened.code.branchId !== tenancy.branchId) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  await completeWithoutPayment(deps, opened, input);
}
