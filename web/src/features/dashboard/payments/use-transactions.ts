// Wired to the generated internal payments hooks once issue14/stripe commits them.
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";

export interface TransactionEntry {
  type: string;
  customer_type?: string;
  customer_id?: string;
  product_id?: string | null;
  product?: { display_name?: string };
  quantity?: number;
  item_id?: string;
  charged_amount?: Record<string, string | undefined>;
}

export interface Transaction {
  id: string;
  created_at_millis: number;
  type: string | null;
  entries: TransactionEntry[];
  adjusted_by: unknown[];
  test_mode: boolean;
}

export interface TransactionFilter {
  type: string | null;
  customerType: string | null;
  cursor: string | null;
}

export const TRANSACTION_TYPES: string[] = [];

export function useTransactions(_projectId: string, _filter: TransactionFilter) {
  return useSuspenseQuery({ queryKey: ["todo-transactions"], queryFn: (): Promise<{ items: Transaction[]; next_cursor: string | null }> => Promise.reject(new Error("not wired")) }).data;
}

export function useRefund(_projectId: string) {
  return useMutation({ mutationFn: async (_transaction: Transaction) => undefined });
}

/** Whether the transaction can be refunded from here. */
export function refundable(transaction: Transaction): boolean {
  return transaction.adjusted_by.length === 0 && transaction.entries.some((entry) => entry.type === "money_transfer" || entry.type === "product_grant");
}
