import { knownError } from "./define";

/** Payments: the customers that items, products, billing and invoices belong to. */
export const paymentErrors = {
  CUSTOMER_DOES_NOT_EXIST: knownError<{ customer_id: string }>(400, (d) => `Customer ${d.customer_id} does not exist.`),
  PRODUCT_DOES_NOT_EXIST: knownError<{ product_id: string; context: "server_only" | "item_exists" | null }>(400, (d) =>
    d.context === "server_only" ? `Product ${d.product_id} can be granted only by the server.` : `Product ${d.product_id} does not exist.`,
  ),
  PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: knownError<{ product_id: string | null; customer_id: string; product_customer_type: string; actual_customer_type: string }>(
    400,
    (d) => `The product is for customers of type ${d.product_customer_type}, but ${d.customer_id} is of type ${d.actual_customer_type}.`,
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
  NEW_PURCHASES_BLOCKED: knownError(403, () => "New purchases are blocked for this project."),
};
