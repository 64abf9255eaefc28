import { adminKeys, adminQuery, api, useAdmin } from "@gatehouse/clients/react";
import { useMutation, useSuspenseInfiniteQuery, useSuspenseQueries } from "@tanstack/react-query";
import type { Customer } from "./customer";

export type CustomerItem = api.CustomerItem;
export type CustomerProduct = api.CustomerProduct;

const PAGE_SIZE = 50;

/** Each item's quantity for the customer (`GET /payments/items/{type}/{id}/{item}`), read side by side. */
export function useCustomerItems(projectId: string, customer: Customer, itemIds: string[]): CustomerItem[] {
  const results = useSuspenseQueries({
    queries: itemIds.map((itemId) =>
      adminQuery(projectId, adminKeys(projectId).customerItem(customer.type, customer.id, itemId), (request) => api.getCustomerItem(customer.type, customer.id, itemId, request)),
    ),
  });
  return results.map((result) => result.data);
}

/** The products the customer holds, a page at a time (`GET /payments/products/{type}/{id}`, cursor-paged). */
export function useCustomerProducts(projectId: string, customer: Customer) {
  const { keys, withSignal } = useAdmin(projectId);
  return useSuspenseInfiniteQuery({
    queryKey: keys.customerProducts(customer.type, customer.id),
    queryFn: ({ pageParam, signal }) => api.listCustomerProducts(customer.type, customer.id, { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, withSignal(signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.pagination?.next_cursor ?? null,
  });
}

/**
 * Marks the customer's reads stale: a quantity change touches its items; a grant or a cancel
 * also the items its products include.
 */
function useCustomerChange(projectId: string, customer: Customer) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return { request, invalidate: () => invalidate(keys.customer(customer.type, customer.id)) };
}

export interface QuantityChange {
  itemId: string;
  allowNegative: boolean;
  delta: number;
  expiresAt?: string;
  description?: string;
}

/** `POST /payments/items/{type}/{id}/{item}/update-quantity`; ITEM_QUANTITY_INSUFFICIENT_AMOUNT when it would go below 0. */
export function useUpdateItemQuantity(projectId: string, customer: Customer) {
  const { request, invalidate } = useCustomerChange(projectId, customer);
  return useMutation({
    mutationFn: ({ itemId, allowNegative, delta, expiresAt, description }: QuantityChange) =>
      api.updateCustomerItemQuantity(
        customer.type,
        customer.id,
        itemId,
        { delta, ...(expiresAt ? { expires_at: expiresAt } : {}), ...(description ? { description } : {}) },
        { allow_negative: allowNegative ? "true" : "false" },
        request,
      ),
    onSuccess: invalidate,
  });
}

/** Grants a catalog product (`POST /payments/products/{type}/{id}`), with a quantity when it is stackable. */
export function useGrantProduct(projectId: string, customer: Customer) {
  const { request, invalidate } = useCustomerChange(projectId, customer);
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity?: number }) =>
      api.grantCustomerProduct(customer.type, customer.id, { product_id: productId, ...(quantity ? { quantity } : {}) }, request),
    onSuccess: invalidate,
  });
}

/** Cancels a held product (`DELETE /payments/products/{type}/{id}/{product}`, naming its subscription when it has one). */
export function useCancelProduct(projectId: string, customer: Customer) {
  const { request, invalidate } = useCustomerChange(projectId, customer);
  return useMutation({
    mutationFn: (held: CustomerProduct) =>
      api.cancelCustomerProduct(
        customer.type,
        customer.id,
        held.id ?? "",
        held.subscription?.subscription_id ? { subscription_id: held.subscription.subscription_id } : undefined,
        request,
      ),
    onSuccess: invalidate,
  });
}
