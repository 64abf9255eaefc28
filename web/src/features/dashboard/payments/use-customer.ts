import { adminQueryKey, adminRequest, api } from "@gatehouse/clients/react";
import { useMutation, useQueryClient, useSuspenseInfiniteQuery, useSuspenseQueries } from "@tanstack/react-query";
import type { Customer } from "./customers-page";

export type CustomerItem = api.CustomerItem;
export type CustomerProduct = api.CustomerProduct;

const PAGE_SIZE = 50;

/** Each item's quantity for the customer (`GET /payments/items/{type}/{id}/{item}`), read side by side. */
export function useCustomerItems(projectId: string, customer: Customer, itemIds: string[]): CustomerItem[] {
  const results = useSuspenseQueries({
    queries: itemIds.map((itemId) => ({
      queryKey: adminQueryKey(projectId, api.getGetCustomerItemQueryKey(customer.type, customer.id, itemId)),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.getCustomerItem(customer.type, customer.id, itemId, adminRequest(projectId, { signal })),
    })),
  });
  return results.map((result) => result.data);
}

/** The products the customer holds, a page at a time (`GET /payments/products/{type}/{id}`, cursor-paged). */
export function useCustomerProducts(projectId: string, customer: Customer) {
  return useSuspenseInfiniteQuery({
    queryKey: adminQueryKey(projectId, [...api.getListCustomerProductsQueryKey(customer.type, customer.id), "pages"]),
    queryFn: ({ pageParam, signal }) =>
      api.listCustomerProducts(customer.type, customer.id, { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, adminRequest(projectId, { signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.pagination?.next_cursor ?? null,
  });
}

/**
 * Marks the customer's reads stale: a quantity change touches its items; a grant or a cancel
 * also the items its products include.
 */
function useCustomerInvalidate(projectId: string, customer: Customer) {
  const queryClient = useQueryClient();
  const paths = [`/payments/items/${customer.type}/${customer.id}/`, `/payments/products/${customer.type}/${customer.id}`];
  return () =>
    queryClient.invalidateQueries({
      queryKey: adminQueryKey(projectId),
      predicate: (query) => paths.some((path) => query.queryKey.some((part) => typeof part === "string" && part.startsWith(path))),
    });
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
  const invalidate = useCustomerInvalidate(projectId, customer);
  return useMutation({
    mutationFn: ({ itemId, allowNegative, delta, expiresAt, description }: QuantityChange) =>
      api.updateCustomerItemQuantity(
        customer.type,
        customer.id,
        itemId,
        { delta, ...(expiresAt ? { expires_at: expiresAt } : {}), ...(description ? { description } : {}) },
        { allow_negative: allowNegative ? "true" : "false" },
        adminRequest(projectId),
      ),
    onSuccess: invalidate,
  });
}

/** Grants a catalog product (`POST /payments/products/{type}/{id}`), with a quantity when it is stackable. */
export function useGrantProduct(projectId: string, customer: Customer) {
  const invalidate = useCustomerInvalidate(projectId, customer);
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity?: number }) =>
      api.grantCustomerProduct(customer.type, customer.id, { product_id: productId, ...(quantity ? { quantity } : {}) }, adminRequest(projectId)),
    onSuccess: invalidate,
  });
}

/** Cancels a held product (`DELETE /payments/products/{type}/{id}/{product}`, naming its subscription when it has one). */
export function useCancelProduct(projectId: string, customer: Customer) {
  const invalidate = useCustomerInvalidate(projectId, customer);
  return useMutation({
    mutationFn: (held: CustomerProduct) =>
      api.cancelCustomerProduct(
        customer.type,
        customer.id,
        held.id ?? "",
        held.subscription?.subscription_id ? { subscription_id: held.subscription.subscription_id } : undefined,
        adminRequest(projectId),
      ),
    onSuccess: invalidate,
  });
}
