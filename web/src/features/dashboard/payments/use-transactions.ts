import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";

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
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListPaymentTransactionsQueryKey(params)),
    queryFn: ({ signal }) => api.listPaymentTransactions(params, adminRequest(projectId, { signal })),
  });
  return data;
}

/**
 * What a whole refund of this purchase names: its subscription or one-time purchase, the USD it
 * charged, and the product taken back now. None for what the server cannot refund: a test-mode
 * purchase, one refunded already, a renewal or refund entry, or one paid in another currency
 * (refunds are given in USD).
 */
export function refundOf(transaction: Transaction): api.RefundRequest | null {
  if (transaction.test_mode || transaction.adjusted_by.length > 0) return null;
  let target: Pick<api.RefundRequest, "type" | "id"> | null = null;
  let amount: string | null = null;
  for (const entry of transaction.entries) {
    if (entry.type === "product_grant") {
      if (entry.subscription_id) target = { type: "subscription", id: entry.subscription_id };
      else if (entry.one_time_purchase_id) target = { type: "one-time-purchase", id: entry.one_time_purchase_id };
    }
    if (entry.type === "money_transfer") amount = entry.charged_amount.USD ?? null;
  }
  return target && amount && Number(amount) > 0 ? { ...target, amount_usd: amount, end_action: "now" } : null;
}

/** Refunds (`POST /internal/payments/transactions/refund`); every read of the project (the list, customers' products and items) is marked stale. */
export function useRefund(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return useMutation({
    mutationFn: (refund: api.RefundRequest) => api.refundPaymentTransaction(refund, adminRequest(projectId)),
    onSuccess: () => invalidate(),
  });
}
