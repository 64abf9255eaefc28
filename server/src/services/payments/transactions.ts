/**
 * The project's money and product movements for the dashboard (internal payments
 * "transactions"), in Stack Auth's transaction shape, newest first:
 *
 * - purchase: every grant of a product (bought, bought in test mode, or granted by the
 *   server): a product_grant entry, the money_transfer of a paid purchase, and an
 *   item_quantity_change per item the product includes; its id is the grant's, which is also
 *   the subscription_id or one_time_purchase_id the entries and the products list name;
 * - manual-item-quantity-change: a quantity change the server made;
 * - subscription-renewal: a subscription's paid invoice after its first;
 * - refund (ours, listed only when asked for by type): a refund, `<grant id>:refund`, which the
 *   refunded purchase names in `adjusted_by`.
 *
 * And refunds, which go through Stripe on the project's connected account, once per purchase:
 * `refund_entries` say how many of the product to take back (each naming the purchase's
 * product_grant entry) and how much money to give back, at most what was paid.
 */
import { findGrantsByIds, updateGrant, type GrantRow } from "../../db/queries/payments";
import { claimRefund, findPurchaseByGrant, findPurchasesByGrants, releaseRefund, updatePurchase, type PurchaseRecord } from "../../db/queries/purchases";
import { findCreationInvoiceId } from "../../db/queries/stripe-objects";
import type { Tenant } from "../../db/queries/tenant";
import { findInvoicesForTransactions, findItemChanges, listTransactionKeys, type TransactionKey, type TransactionSource } from "../../db/queries/transactions";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { ProductConfig } from "../project-config/document";
import { markRefunded } from "./grants";
import { fromMinorUnits, isCurrency, toMinorUnits } from "./money";
import { projectStripeAccount } from "./stripe-account";

/** Stack Auth's transaction types, and ours (refund). */
export const TRANSACTION_TYPES = ["purchase", "subscription-cancellation", "subscription-renewal", "manual-item-quantity-change", "chargeback", "product-change", "refund"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const SOURCES_OF: Record<TransactionType, readonly TransactionSource[]> = {
  purchase: ["grant"],
  "manual-item-quantity-change": ["item_change"],
  "subscription-renewal": ["invoice"],
  refund: ["refund"],
  "subscription-cancellation": [],
  chargeback: [],
  "product-change": [],
};
const DEFAULT_SOURCES: readonly TransactionSource[] = ["grant", "item_change", "invoice"];

type CustomerFields = { customer_type: "user" | "team" | "custom"; customer_id: string };
const NOT_ADJUSTING = { adjusted_transaction_id: null, adjusted_entry_index: null };

export type TransactionEntry =
  | ({ type: "product_grant"; product_id: string | null; product: ProductConfig; price_id: string | null; quantity: number; subscription_id?: string; one_time_purchase_id?: string } & CustomerFields & typeof NOT_ADJUSTING)
  | ({ type: "money_transfer"; charged_amount: Record<string, string>; net_amount: { USD: string } } & CustomerFields & { adjusted_transaction_id: string | null; adjusted_entry_index: number | null })
  | ({ type: "item_quantity_change"; item_id: string; quantity: number } & CustomerFields & typeof NOT_ADJUSTING)
  | { type: "product_revocation"; adjusted_transaction_id: string; adjusted_entry_index: number; quantity: number };

export interface Transaction {
  id: string;
  created_at_millis: number;
  effective_at_millis: number;
  type: TransactionType | null;
  entries: TransactionEntry[];
  adjusted_by: Array<{ transaction_id: string; entry_index: number }>;
  test_mode: boolean;
}

const refundId = (grantId: string) => `${grantId}:refund`;

function moneyTransfer(customer: CustomerFields, amount: number, currency: string, adjusts: { id: string; index: number } | null): TransactionEntry | null {
  if (!isCurrency(currency)) return null;
  const charged = fromMinorUnits(amount, currency);
  return {
    type: "money_transfer",
    ...customer,
    charged_amount: { [currency]: charged },
    net_amount: { USD: currency === "USD" ? charged : "0" },
    adjusted_transaction_id: adjusts?.id ?? null,
    adjusted_entry_index: adjusts?.index ?? null,
  };
}

/** A grant as a purchase transaction (see the module comment). */
function purchaseTransaction(grant: GrantRow, purchase: PurchaseRecord | undefined): Transaction {
  const customer: CustomerFields = { customer_type: grant.customerType, customer_id: grant.customerId };
  const product = grant.product as ProductConfig;
  const entries: TransactionEntry[] = [
    {
      type: "product_grant",
      ...customer,
      ...NOT_ADJUSTING,
      product_id: grant.productId,
      product,
      price_id: grant.priceId,
      quantity: grant.quantity,
      ...(grant.kind === "subscription" ? { subscription_id: grant.id } : { one_time_purchase_id: grant.id }),
    },
  ];
  if (purchase && purchase.source === "stripe" && purchase.amount > 0) {
    const transfer = moneyTransfer(customer, purchase.amount, purchase.currency, null);
    if (transfer) entries.push(transfer);
  }
  for (const [itemId, included] of Object.entries(product.includedItems ?? {})) {
    const quantity = (included.quantity ?? 0) * grant.quantity;
    if (quantity > 0) entries.push({ type: "item_quantity_change", ...customer, ...NOT_ADJUSTING, item_id: itemId, quantity });
  }
  return {
    id: grant.id,
    created_at_millis: grant.createdAt.getTime(),
    effective_at_millis: grant.createdAt.getTime(),
    type: "purchase",
    entries,
    adjusted_by: purchase?.refundedAt !== null && purchase?.refundedAt !== undefined ? [{ transaction_id: refundId(grant.id), entry_index: 0 }] : [],
    test_mode: grant.source === "test_mode",
  };
}

/** A refund: what it took back of the product (if anything), then the money it gave back. */
function refundTransaction(grant: GrantRow, purchase: PurchaseRecord): Transaction {
  const customer: CustomerFields = { customer_type: grant.customerType, customer_id: grant.customerId };
  const at = purchase.refundedAt ?? purchase.createdAt;
  const entries: TransactionEntry[] = [];
  if ((purchase.refundedQuantity ?? 0) > 0) entries.push({ type: "product_revocation", adjusted_transaction_id: grant.id, adjusted_entry_index: 0, quantity: purchase.refundedQuantity! });
  const money = moneyTransfer(customer, -(purchase.refundedAmount ?? 0), purchase.currency, null);
  if (money) entries.push(money);
  return { id: refundId(grant.id), created_at_millis: at, effective_at_millis: at, type: "refund", entries, adjusted_by: [], test_mode: purchase.source === "test_mode" };
}

function encodeCursor(key: TransactionKey): string {
  return Buffer.from(JSON.stringify([key.position, key.source, key.id]), "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { position: string; source: TransactionSource; id: string } {
  try {
    const [position, source, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof position === "string" && /^\d{1,20}$/.test(position) && typeof id === "string" && id.length <= 200 && typeof source === "string" && ["grant", "item_change", "invoice", "refund"].includes(source)) {
      return { position, source: source as TransactionSource, id };
    }
  } catch {
    // answered below
  }
  throw new KnownError("PAYMENTS_CURSOR_INVALID");
}

export async function listProjectTransactions(
  deps: ServiceDeps,
  tenant: Tenant,
  query: { cursor?: string; limit?: number; type?: TransactionType; customer_type?: string; customer_id?: string },
): Promise<{ transactions: Transaction[]; nextCursor: string | null }> {
  const limit = query.limit ?? 50;
  const sources = query.type ? SOURCES_OF[query.type] : DEFAULT_SOURCES;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (sources.length === 0) return { transactions: [], nextCursor: null };
  const keys = await listTransactionKeys(deps.db, tenant, { sources, customerType: query.customer_type, customerId: query.customer_id, after, limit: limit + 1 });
  const page = keys.slice(0, limit);
  const ids = (source: TransactionSource) => page.filter((k) => k.source === source).map((k) => k.id);
  const grantIds = [...new Set([...ids("grant"), ...ids("refund")])];
  const [grants, purchases, changes, invoices] = await Promise.all([
    findGrantsByIds(deps.db, tenant, grantIds),
    findPurchasesByGrants(deps.db, tenant, grantIds),
    findItemChanges(deps.db, tenant, ids("item_change")),
    findInvoicesForTransactions(deps.db, tenant, ids("invoice")),
  ]);
  const grantById = new Map(grants.map((g) => [g.id, g]));
  const purchaseByGrant = new Map(purchases.map((p) => [p.grantId!, p]));
  const changeById = new Map(changes.map((c) => [c.id, c]));
  const invoiceById = new Map(invoices.map((i) => [i.id, i]));
  const transactions = page.flatMap((key): Transaction[] => {
    if (key.source === "grant") {
      const grant = grantById.get(key.id);
      return grant ? [purchaseTransaction(grant, purchaseByGrant.get(grant.id))] : [];
    }
    if (key.source === "refund") {
      const grant = grantById.get(key.id);
      const purchase = purchaseByGrant.get(key.id);
      return grant && purchase ? [refundTransaction(grant, purchase)] : [];
    }
    if (key.source === "item_change") {
      const change = changeById.get(key.id);
      if (!change) return [];
      return [
        {
          id: change.id,
          created_at_millis: change.createdAt,
          effective_at_millis: change.createdAt,
          type: "manual-item-quantity-change",
          entries: [{ type: "item_quantity_change", customer_type: change.customerType, customer_id: change.customerId, ...NOT_ADJUSTING, item_id: change.itemId, quantity: change.delta }],
          adjusted_by: [],
          test_mode: false,
        },
      ];
    }
    const invoice = invoiceById.get(key.id);
    if (!invoice) return [];
    const transfer = moneyTransfer({ customer_type: invoice.customerType, customer_id: invoice.customerId }, invoice.amountTotal, invoice.currency, null);
    return [
      {
        id: invoice.id,
        created_at_millis: invoice.createdAt,
        effective_at_millis: invoice.createdAt,
        type: "subscription-renewal",
        entries: transfer ? [transfer] : [],
        adjusted_by: [],
        test_mode: invoice.source === "test_mode",
      },
    ];
  });
  return { transactions, nextCursor: keys.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}

export interface RefundRequest {
  type: "subscription" | "one-time-purchase";
  /** The purchase transaction's id (the grant's). */
  id: string;
  refund_entries: Array<{ entry_index: number; quantity: number; amount_usd: string }>;
}

function notFound(request: RefundRequest): KnownError {
  return request.type === "subscription"
    ? new KnownError("SUBSCRIPTION_INVOICE_NOT_FOUND", { subscription_invoice_id: request.id })
    : new KnownError("ONE_TIME_PURCHASE_NOT_FOUND", { one_time_purchase_id: request.id });
}

function alreadyRefunded(request: RefundRequest): KnownError {
  return request.type === "subscription"
    ? new KnownError("SUBSCRIPTION_ALREADY_REFUNDED", { subscription_id: request.id })
    : new KnownError("ONE_TIME_PURCHASE_ALREADY_REFUNDED", { one_time_purchase_id: request.id });
}

const refuse = (message: string) => new KnownError("SCHEMA_ERROR", { message });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entries a refund names must be the purchase's product grant (entry 0), each once, for at most what was bought. */
function checkRefundEntries(request: RefundRequest, quantity: number): { quantity: number; amount: number } {
  const seen = new Set<number>();
  let total = 0;
  let amount = 0;
  for (const entry of request.refund_entries) {
    if (!Number.isInteger(entry.quantity)) throw refuse("A refund's quantity is a whole number.");
    if (entry.quantity < 0) throw refuse("A refund cannot take back a negative quantity.");
    if (seen.has(entry.entry_index)) throw refuse("A refund names each entry once.");
    seen.add(entry.entry_index);
    if (entry.entry_index !== 0) throw refuse(`The purchase has no product grant entry ${entry.entry_index}; its product grant is entry 0.`);
    if (entry.quantity > quantity) throw refuse(`A refund takes back at most the ${quantity} bought.`);
    const units = toMinorUnits(entry.amount_usd, "USD");
    if (units === null) throw refuse("amount_usd is an amount of dollars, such as 12.50.");
    total += entry.quantity;
    amount += units;
  }
  return { quantity: total, amount };
}

/**
 * Refunds a purchase through Stripe (see the module comment): the money at most what was
 * paid, in USD; the quantity taken back ends the product (a subscription stops at Stripe when
 * nothing of it is left). A purchase made in test mode took no money; a grant made by the
 * server was not bought, and answers as a purchase that does not exist.
 */
export async function refundPurchase(deps: ServiceDeps, tenant: Tenant, request: RefundRequest): Promise<void> {
  const grant = UUID.test(request.id) ? (await findGrantsByIds(deps.db, tenant, [request.id]))[0] : undefined;
  if (!grant || grant.kind !== (request.type === "subscription" ? "subscription" : "one_time")) throw notFound(request);
  const purchase = await findPurchaseByGrant(deps.db, tenant, grant.id);
  if (purchase?.refundedAt != null) throw alreadyRefunded(request);
  if (grant.source === "test_mode" && request.type === "one-time-purchase") throw new KnownError("TEST_MODE_PURCHASE_NON_REFUNDABLE");
  if (!purchase || purchase.source !== "stripe") throw notFound(request);
  const paymentIntentId =
    purchase.stripePaymentIntentId ?? (request.type === "subscription" ? await creationPaymentIntent(deps, tenant, purchase, () => notFound(request)) : null);
  if (!paymentIntentId) throw notFound(request);
  const { quantity, amount } = checkRefundEntries(request, grant.quantity);
  if (purchase.currency !== "USD") throw refuse(`This purchase was paid in ${purchase.currency}; refunds are given in USD amounts only.`);
  if (amount > purchase.amount) throw refuse(`A refund gives back at most what was paid (${fromMinorUnits(purchase.amount, "USD")} USD).`);
  const accountId = await projectStripeAccount(deps, tenant.projectId);

  if (!(await claimRefund(deps.db, tenant, purchase.id, amount, quantity))) throw alreadyRefunded(request);
  try {
    if (amount > 0) await deps.stripe!.refundPaymentIntent(accountId, paymentIntentId, amount, { gatehouse_project_id: tenant.projectId, gatehouse_purchase_id: purchase.id });
    if (quantity > 0 && purchase.stripeSubscriptionId) {
      const left = purchase.quantity - quantity;
      await deps.stripe!.setSubscriptionQuantity(accountId, purchase.stripeSubscriptionId, Math.max(left, 1), left <= 0);
    }
  } catch (error) {
    await releaseRefund(deps.db, tenant, purchase.id);
    throw error;
  }
  if (quantity > 0) {
    await deps.db.transaction(async (tx) => {
      if (quantity < grant.quantity) {
        await updateGrant(tx, tenant, grant.id, { quantity: grant.quantity - quantity, refundedAt: new Date() });
        return;
      }
      await markRefunded(tx, tenant, grant.id, { end: true });
      if (purchase.kind === "one_time") await updatePurchase(tx, tenant, purchase.id, { status: "canceled" });
    });
  }
}

async function creationPaymentIntent(deps: ServiceDeps, tenant: Tenant, purchase: PurchaseRecord, missing: () => KnownError): Promise<string | null> {
  const invoiceId = await findCreationInvoiceId(deps.db, tenant, purchase.id);
  if (!invoiceId) throw missing();
  return deps.stripe!.invoicePaymentIntent(await projectStripeAccount(deps, tenant.projectId), invoiceId);
}
