import { adminKeys, api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { useMutation } from "@tanstack/react-query";

export type Transaction = api.PaymentTransaction;
export type TransactionType = api.ListPaymentTransactionsType;
export type TransactionCustomerType = api.ListPaymentTransactionsCustomerType;

export const TRANSACTION_TYPES = Object.values(api.ListPaymentTransactionsType);
const PAGE_SIZE = 25;

export interface TransactionFilter {
  type: TransactionType | null;
  customerType: TransactionCustomerType | null;
  cursor: string | null;
}

/** One page of the project's transactions, newest first (`GET /internal/payments/transactions`, admin, cursor-paged). */
export function useTransactions(projectId: string, filter: TransactionFilter) {
  const params: api.ListPaymentTransactionsParams = {
    limit: PAGE_SIZE,
    ...(filter.cursor ? { cursor: filter.cursor } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.customerType ? { customer_type: filter.customerType } : {}),
  };
  return useAdminQuery(projectId, adminKeys(projectId).transactions(params), (request) => api.listPaymentTransactions(params, request));
}

/**
 * What a whole refund of this purchase names: its subscription or one-time purchase, the USD it
 * charged, and the product taken back now. None for what the server cannot refund: a test-mode
 * purchase, one refunded already, a renewal or refund entry, or one paid in another currency
 * (refunds are given in USD).
 */
export function refundOf(transaction: Transaction): api.RefundRequest | null {
  if (transaction.test_mode || transaction.adjusted_by.length > 0) return null;
  let found: (Pick<api.RefundRequest, "type" | "id"> & { entryIndex: number; quantity: number }) | null = null;
  let amount: string | null = null;
  for (const [entryIndex, entry] of transaction.entries.entries()) {
    if (entry.type === "product_grant") {
      if (entry.subscription_id) found = { type: "subscription", id: entry.subscription_id, entryIndex, quantity: entry.quantity };
      else if (entry.one_time_purchase_id) found = { type: "one-time-purchase", id: entry.one_time_purchase_id, entryIndex, quantity: entry.quantity };
    }
    if (entry.type === "money_transfer") amount = entry.charged_amount.USD ?? null;
  }
  if (!found || !amount || !(Number(amount) > 0)) return null;
  // All the money back, and the whole quantity taken back: the customer loses the product at once.
  return { type: found.type, id: found.id, refund_entries: [{ entry_index: found.entryIndex, quantity: found.quantity, amount_usd: amount }] };
}

/** The money a refund request gives back, in USD. */
export const refundAmountOf = (request: api.RefundRequest): string => request.refund_entries[0]?.amount_usd ?? "0";

/** Whom a transaction is for: the customer its entries name (Stack Auth's shape keeps it on each entry). */
export function customerOf(transaction: Transaction): { type: string; id: string } | null {
  const entry = transaction.entries[0] as { customer_type?: string; customer_id?: string } | undefined;
  return entry?.customer_type && entry.customer_id ? { type: entry.customer_type, id: entry.customer_id } : null;
}

/** Refunds (`POST /internal/payments/transactions/refund`); every read of the project (the list, customers' products and items) is marked stale. */
export function useRefund(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return useMutation({
    mutationFn: (refund: api.RefundRequest) => api.refundPaymentTransaction(refund, request),
    onSuccess: () => invalidate(keys.all()),
  });
}
