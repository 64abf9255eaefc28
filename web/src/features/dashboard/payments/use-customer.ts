// Wired to the generated payments hooks once the ledger routes land (issue14/ledger).
import type { Customer } from "./customers-page";

export interface CustomerItem {
  id: string;
  display_name: string;
  quantity: number;
}

export interface CustomerProduct {
  id: string | null;
  quantity: number;
  type: string;
  product: { display_name: string };
  subscription: { subscription_id: string | null; current_period_end: string | null; cancel_at_period_end: boolean } | null;
}

export function useCustomerItems(_projectId: string, _customer: Customer, _itemIds: string[]): CustomerItem[] {
  throw new Error("not wired yet");
}
export function useCustomerProducts(_projectId: string, _customer: Customer): CustomerProduct[] {
  throw new Error("not wired yet");
}
export function useUpdateItemQuantity(_projectId: string, _customer: Customer) {
  return { isPending: false, mutateAsync: async (_: { itemId: string; allowNegative: boolean; delta: number; expiresAt?: string; description?: string }) => undefined };
}
export function useGrantProduct(_projectId: string, _customer: Customer) {
  return { isPending: false, error: null as unknown, mutate: (_: { productId: string; quantity?: number }, _o?: { onSuccess?: () => void }) => undefined };
}
export function useCancelProduct(_projectId: string, _customer: Customer) {
  return { mutateAsync: async (_: CustomerProduct) => undefined };
}
