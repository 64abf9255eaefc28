/**
 * The project's money movements for the dashboard (internal payments "transactions"):
 * purchases, subscription renewals and refunds, newest first, in the SDK's transaction shape
 * (entries: a money transfer and the product grant). And refunds, which go through Stripe
 * on the project's connected account; a test-mode purchase took no money and has none.
 */
import type { Queryable } from "../../db/db";
import {
  claimRefund,
  findPurchase,
  findPurchaseForUpdate,
  listTransactions,
  releaseRefund,
  updatePurchase,
  type PurchaseRecord,
  type TransactionCursor,
  type TransactionEntryKind,
  type TransactionListRow,
} from "../../db/queries/purchases";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { ProductConfig } from "../project-config/document";
import { fromMinorUnits, isCurrency, toMinorUnits } from "./money";
import { endGrantForPurchase, refundGrantForPurchase } from "./purchase-grants";
import { projectStripeAccount } from "./stripe-account";

export const TRANSACTION_TYPES = ["purchase", "subscription-cancellation", "subscription-renewal", "manual-item-quantity-change", "refund", "chargeback", "product-change"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const ENTRY_OF_TYPE: Partial<Record<TransactionType, TransactionEntryKind>> = { purchase: "purchase", "subscription-renewal": "renewal", refund: "refund" };
const TYPE_OF_ENTRY: Record<TransactionEntryKind, TransactionType> = { purchase: "purchase", renewal: "subscription-renewal", refund: "refund" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(row: TransactionListRow): string {
  return `${row.position}.${row.entryId}.${row.entry}`;
}

function decodeCursor(cursor: string): TransactionCursor {
  const [position, entryId, entry] = cursor.split(".");
  if (!position || !/^\d{1,20}$/.test(position) || !entryId || !UUID.test(entryId) || (entry !== "purchase" && entry !== "renewal" && entry !== "refund")) {
    throw new KnownError("SCHEMA_ERROR", { message: "cursor is not one this list gave out." });
  }
  return { position, entryId, entry };
}

function money(amount: number, currency: string): Record<string, string> {
  return isCurrency(currency) ? { [currency]: fromMinorUnits(amount, currency) } : {};
}

type AdjustedBy = Array<{ transaction_id: string; entry_index: number }>;
const NONE: AdjustedBy = [];

function toTransaction(row: TransactionListRow) {
  const p = row.purchase;
  const customer = { customer_type: p.customerType, customer_id: p.customerId };
  const sourceId = p.kind === "subscription" ? { subscription_id: p.id } : { one_time_purchase_id: p.id };
  const transfer = (amount: number, currency: string) => ({
    type: "money_transfer" as const,
    ...customer,
    charged_amount: money(amount, currency),
    net_amount: { USD: currency === "USD" ? fromMinorUnits(amount, "USD") : "0" },
    adjusted_transaction_id: null,
    adjusted_entry_index: null,
  });
  const base = {
    id: row.entry === "purchase" ? p.id : `${p.id}:${row.entry}:${row.entryId}`,
    created_at_millis: row.createdAt,
    effective_at_millis: row.createdAt,
    type: TYPE_OF_ENTRY[row.entry],
    ...customer,
    test_mode: p.source === "test_mode",
  };
  if (row.entry === "purchase") {
    const grant = {
      type: "product_grant" as const,
      ...customer,
      product: p.product as ProductConfig,
      product_id: p.productId,
      price_id: p.priceId,
      quantity: p.quantity,
      ...sourceId,
      adjusted_transaction_id: null,
      adjusted_entry_index: null,
    };
    return {
      ...base,
      entries: p.source === "test_mode" ? [grant] : [transfer(p.amount, p.currency), grant],
      adjusted_by: p.refundedAt !== null ? [{ transaction_id: `${p.id}:refund:${p.id}`, entry_index: 0 }] : NONE,
    };
  }
  if (row.entry === "renewal") {
    return { ...base, entries: [transfer(row.amount ?? 0, row.currency ?? p.currency)], adjusted_by: [] };
  }
  const refunded = row.amount ?? 0;
  return {
    ...base,
    entries: [{ ...transfer(-refunded, row.currency ?? p.currency), adjusted_transaction_id: p.id, adjusted_entry_index: 0 }],
    adjusted_by: NONE,
  };
}

export type Transaction = ReturnType<typeof toTransaction>;

export async function listProjectTransactions(
  deps: ServiceDeps,
  tenant: Tenant,
  query: { cursor?: string; limit?: number; type?: TransactionType; customer_type?: string; customer_id?: string },
): Promise<{ transactions: Transaction[]; nextCursor: string | null }> {
  const limit = query.limit ?? 50;
  const entry = query.type ? ENTRY_OF_TYPE[query.type] : undefined;
  if (query.type && !entry) return { transactions: [], nextCursor: null };
  const rows = await listTransactions(deps.db, tenant, {
    limit: limit + 1,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    customerType: query.customer_type,
    customerId: query.customer_id,
    entry,
  });
  const page = rows.slice(0, limit);
  return { transactions: page.map(toTransaction), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}

export interface RefundRequest {
  type: "subscription" | "one-time-purchase";
  id: string;
  amount_usd: string;
  end_action?: "now" | "at-period-end";
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

/**
 * Refunds `amount_usd` of a purchase through Stripe (at most what was paid; once per
 * purchase) and, with `end_action`, ends the product now or the subscription at its period's end.
 */
export async function refundPurchase(deps: ServiceDeps, tenant: Tenant, request: RefundRequest): Promise<{ refundTransactionId: string }> {
  const purchase = UUID.test(request.id) ? await findPurchase(deps.db, tenant, request.id) : null;
  if (!purchase || purchase.kind !== (request.type === "subscription" ? "subscription" : "one_time") || purchase.status === "pending") throw notFound(request);
  if (purchase.source === "test_mode") throw new KnownError("TEST_MODE_PURCHASE_NON_REFUNDABLE");
  if (purchase.refundedAt !== null) throw alreadyRefunded(request);
  if (request.end_action === "at-period-end" && purchase.kind !== "subscription") {
    throw new KnownError("SCHEMA_ERROR", { message: "end_action at-period-end applies to subscriptions only." });
  }
  if (purchase.currency !== "USD") throw new KnownError("SCHEMA_ERROR", { message: `This purchase was paid in ${purchase.currency}; refunds are given in USD amounts only.` });
  const amount = toMinorUnits(request.amount_usd, "USD");
  if (amount === null || amount <= 0 || amount > purchase.amount) {
    throw new KnownError("SCHEMA_ERROR", { message: `amount_usd must be more than 0 and at most what was paid (${fromMinorUnits(purchase.amount, "USD")}).` });
  }
  if (!purchase.stripePaymentIntentId) throw new KnownError("SCHEMA_ERROR", { message: "Stripe has not reported this purchase's payment yet; try again shortly." });
  const accountId = await projectStripeAccount(deps, tenant.projectId);

  if (!(await claimRefund(deps.db, tenant, purchase.id, amount))) throw alreadyRefunded(request);
  try {
    await deps.stripe!.refundPaymentIntent(accountId, purchase.stripePaymentIntentId, amount);
  } catch (error) {
    await releaseRefund(deps.db, tenant, purchase.id);
    throw error;
  }
  if (request.end_action === "now" && purchase.kind === "subscription" && purchase.stripeSubscriptionId) {
    await deps.stripe!.cancelSubscription(accountId, purchase.stripeSubscriptionId);
  }
  await deps.db.transaction(async (tx) => {
    const current = await findPurchaseForUpdate(tx, tenant, purchase.id);
    if (!current) return;
    await refundGrantForPurchase(tx, tenant, current, false);
    if (request.end_action === "now") await endNow(tx, tenant, current);
  });
  if (request.end_action === "at-period-end" && purchase.stripeSubscriptionId) {
    await deps.stripe!.setCancelAtPeriodEnd(accountId, purchase.stripeSubscriptionId, true);
  }
  return { refundTransactionId: `${purchase.id}:refund:${purchase.id}` };
}

async function endNow(tx: Queryable, tenant: Tenant, purchase: PurchaseRecord): Promise<void> {
  if (purchase.status !== "active") return;
  await endGrantForPurchase(tx, tenant, purchase);
  await updatePurchase(tx, tenant, purchase.id, { status: "canceled" });
}
