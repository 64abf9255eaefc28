import { knownError, plainError } from "./define";

/** Payments: customers, the items ledger, products and what customers hold. */
export const paymentErrors = {
  CUSTOMER_DOES_NOT_EXIST: knownError<{ customer_id: string }>(400, (d) => `Customer ${d.customer_id} does not exist.`),
  // Client access acting for a customer that is not its own (answered as a bare 403, as Stack Auth does).
  CUSTOMER_ACCESS_DENIED: plainError<{ customer_type: string; customer_id: string }>(
    403,
    (d) =>
      d.customer_type === "custom"
        ? "Custom customers can only be reached with server access."
        : `With client access a user acts only for itself and for teams it administers; ${d.customer_type} ${d.customer_id} is not one of them.`,
  ),
  DEFAULT_PAYMENT_METHOD_REQUIRED: knownError<{ customer_type: string; customer_id: string }>(
    400,
    (d) => `The ${d.customer_type} ${d.customer_id} has no default payment method to charge; add one first.`,
  ),
  // Also answered for session replays and their chunks, as Stack Auth does.
  ITEM_NOT_FOUND: knownError<{ item_id: string }>(404, (d) => `Nothing with the id ${d.item_id} was found (an item of the project's catalog, or a session replay or one of its chunks).`),
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: knownError<{ item_id: string; customer_id: string; item_customer_type: string; actual_customer_type: string }>(
    400,
    (d) => `Item ${d.item_id} belongs to ${d.item_customer_type} customers; ${d.customer_id} is a ${d.actual_customer_type} customer.`,
  ),
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: knownError<{ item_id: string; customer_id: string; quantity: number }>(
    400,
    (d) => `Customer ${d.customer_id} does not have enough of item ${d.item_id} for a change of ${d.quantity}; it would go below zero.`,
  ),
  PRODUCT_DOES_NOT_EXIST: knownError<{ product_id: string; context: string | null }>(
    400,
    (d) =>
      d.context === "server_only"
        ? `Product ${d.product_id} is server-only, so client access cannot use it.`
        : d.context === "item_exists"
          ? `There is no product ${d.product_id}; an item has that id.`
          : `Product ${d.product_id} does not exist${d.context ? ` (${d.context})` : ""}.`,
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

  // Refusals Stack Auth answers as a bare status with a sentence (errors/define.ts, plainError).
  PRODUCT_ID_OR_INLINE_REQUIRED: plainError(400, () => "Name the product: give product_id, or product_inline with server access."),
  PRODUCT_ID_AND_INLINE: plainError(400, () => "Give either product_id or product_inline, not both."),
  PRODUCT_INLINE_NEEDS_SERVER: plainError(400, () => "product_inline needs server access; with client access, name a configured product with product_id."),
  PRODUCT_NOT_STACKABLE: plainError<{ product_id: string | null }>(400, (d) => `Product ${d.product_id ?? "(inline)"} is not stackable, so its quantity is 1.`),
  PRODUCT_ADD_ON_WITHOUT_BASE: plainError<{ product_id: string | null; bases: string }>(
    400,
    (d) => `Product ${d.product_id ?? "(inline)"} is an add-on to ${d.bases}; the customer must hold one of them first.`,
  ),
  ONE_TIME_PURCHASE_IN_PRODUCT_LINE: plainError<{ product_line_id: string }>(
    400,
    (d) => `The customer holds a one-time purchase in product line ${d.product_line_id}, which cannot be replaced.`,
  ),
  PURCHASE_PRICE_NOT_FOUND: plainError<{ price_id: string }>(400, (d) => `The product this purchase code is for has no price "${d.price_id}".`),
  PRODUCT_NOT_HELD: plainError<{ product_id: string }>(400, (d) => `The customer does not hold product ${d.product_id}.`),
  PRODUCT_NOT_SUBSCRIBED: plainError<{ product_id: string }>(400, (d) => `Product ${d.product_id} was bought once, not subscribed to, so there is nothing to cancel.`),
  SUBSCRIPTION_NOT_RUNNING: plainError(400, () => "The customer has no running subscription with this id."),
  SWITCH_REFUSED: plainError<{ reason: string }>(400, (d) => d.reason),
  PAYMENTS_CURSOR_INVALID: plainError(400, () => "The cursor is not one this list gave out."),
  STRIPE_SIGNATURE_INVALID: plainError(400, () => "The Stripe-Signature header is missing, or does not match the payload and this server's webhook secret."),
  SETUP_INTENT_NOT_SUCCEEDED: plainError(400, () => "The setup intent has not succeeded yet: the card is saved once the customer confirms it."),
};
