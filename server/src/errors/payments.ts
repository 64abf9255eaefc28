import { knownError } from "./define";

/** Payments: customers, the items ledger, products and what customers hold. */
export const paymentErrors = {
  CUSTOMER_DOES_NOT_EXIST: knownError<{ customer_id: string }>(400, (d) => `Customer ${d.customer_id} does not exist.`),
  // Also answered for session replays and their chunks, as Stack Auth does.
  ITEM_NOT_FOUND: knownError<{ item_id: string }>(404, (d) => `Nothing with the id ${d.item_id} was found (an item of the project's catalog, or a session replay or one of its chunks).`),
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
  SUBSCRIPTION_INVOICE_NOT_FOUND: knownError<{ subscription_invoice_id: string }>(404, (d) => `No subscription ${d.subscription_invoice_id} was found.`),
  ONE_TIME_PURCHASE_NOT_FOUND: knownError<{ one_time_purchase_id: string }>(404, (d) => `No one-time purchase ${d.one_time_purchase_id} was found.`),
  SUBSCRIPTION_ALREADY_REFUNDED: knownError<{ subscription_id: string }>(400, (d) => `Subscription ${d.subscription_id} was already refunded.`),
  ONE_TIME_PURCHASE_ALREADY_REFUNDED: knownError<{ one_time_purchase_id: string }>(400, (d) => `One-time purchase ${d.one_time_purchase_id} was already refunded.`),
  TEST_MODE_PURCHASE_NON_REFUNDABLE: knownError(400, () => "A purchase made in test mode took no money, so it cannot be refunded."),
  STRIPE_ACCOUNT_INFO_NOT_FOUND: knownError(
    404,
    () => "This project has no Stripe account yet (set payments up first), or this server has no Stripe key configured, in which case payments work in test mode only.",
  ),
  // Ours, not Stack Auth's (KNOWN-ERRORS.md has none): Stripe could not be reached or failed on its side; nothing was changed.
  PAYMENT_PROVIDER_UNAVAILABLE: knownError(503, () => "The payment provider could not be reached or failed to answer; nothing was changed. Try again in a few minutes."),
  NEW_PURCHASES_BLOCKED: knownError(403, () => "New purchases are blocked for this project."),
};
