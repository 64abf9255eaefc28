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

/** What a refund of this transaction names: its subscription or one-time purchase, and the USD it charged. */
export function refundOf(transaction: Transaction): api.RefundRequest | null {
  if (transaction.test_mode || transaction.adjusted_by.length > 0) return null;
  let target: Pick<api.RefundRequest, "type" | "id"> | null = null;
  let amount: string | null = null;
  for (const entry of transaction.entries) {
    if (entry.type === "product_grant") {
      if (entry.subscription_id) target = { type: "subscription", id: entry.subscription_id };
      else if (entry.one_time_purchase_id) target = { type: "one-time-purchase", id: entry.one_time_purchase_id };
    }
    if (entry.type === "money_transfer") amount = entry.charged_amount.USD ?? entry.net_amount.USD;
  }
  return target && amount ? { ...target, amount_usd: amount } : null;
}

/** Refunds (`POST /internal/payments/transactions/refund`); the list and the customers' products are read again. */
export function useRefund(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return useMutation({
    mutationFn: (refund: api.RefundRequest) => api.refundPaymentTransaction(refund, adminRequest(projectId)),
    onSuccess: () => invalidate(api.getListPaymentTransactionsQueryKey()),
  });
}
