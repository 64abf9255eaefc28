import { knownError } from "./define";

/** Payments: customers, the items ledger, products and what customers hold. */
export const paymentErrors = {
  CUSTOMER_DOES_NOT_EXIST: knownError<{ customer_id: string }>(400, (d) => `Customer ${d.customer_id} does not exist.`),
  ITEM_NOT_FOUND: knownError<{ item_id: string }>(404, (d) => `Item ${d.item_id} is not in the project's catalog.`),
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: knownError<{ item_id: string; customer_id: string; item_customer_type: string; actual_customer_type: string }>(
    400,
    (d) => `Item ${d.item_id} belongs to ${d.item_customer_type} customers; ${d.customer_id} is a ${d.actual_customer_type} customer.`,
  ),
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: knownError<{ item_id: string; customer_id: string; quantity: number }>(
    400,
    (d) => `Customer ${d.customer_id} has ${d.quantity} of item ${d.item_id}; the change would take it below zero.`,
  ),
  PRODUCT_DOES_NOT_EXIST: knownError<{ product_id: string; context: string | null }>(
    400,
    (d) => `Product ${d.product_id} does not exist${d.context === "server_only" ? " for client access (it is server-only)" : d.context ? ` (${d.context})` : ""}.`,
  ),
  PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: knownError<{ product_id: string | null; customer_id: string; product_customer_type: string | null; actual_customer_type: string }>(
    400,
    (d) => `Product ${d.product_id ?? "(inline)"} is for ${d.product_customer_type ?? "unknown"} customers; ${d.customer_id} is a ${d.actual_customer_type} customer.`,
  ),
  PRODUCT_ALREADY_GRANTED: knownError<{ product_id: string; customer_id: string }>(
    400,
    (d) => `Customer ${d.customer_id} already holds product ${d.product_id}, which is not stackable.`,
  ),
};
