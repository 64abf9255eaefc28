import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { cancelCustomerProduct, grantByApi, switchCustomerProduct } from "../../services/payments/products";
import { ACCESS_NOTE, CUSTOMER_ERRORS, customerParams, requestedCustomer } from "./customer-reads";
import { InlineProductInputSchema, fromInlineProduct } from "./shapes";

const CustomerParams = customerParams(["user", "team", "custom"] as const);
const productId = z.string().min(1).max(63);
const quantity = z.number().int().min(1).max(1_000_000).optional();

const Success = z.object({ success: z.literal(true) }).openapi("PaymentsSuccess");

const GRANT_ERRORS = [
  ...CUSTOMER_ERRORS,
  "PRODUCT_ID_OR_INLINE_REQUIRED",
  "PRODUCT_ID_AND_INLINE",
  "PRODUCT_DOES_NOT_EXIST",
  "PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH",
  "PRODUCT_ALREADY_GRANTED",
  "PRODUCT_NOT_STACKABLE", "PRODUCT_ADD_ON_WITHOUT_BASE", "ONE_TIME_PURCHASE_IN_PRODUCT_LINE",
] as const;

const grantProductRoute = authenticatedRoute(SERVER_AND_UP, GRANT_ERRORS, {
  operationId: "grantCustomerProduct",
  method: "post",
  path: "/payments/products/{customer_type}/{customer_id}",
  tags: ["Payments"],
  summary: "Grant a product to a customer",
  description:
    "Grants a configured product (`product_id`) or an inline product without charging: a subscription for one interval when its first price has one, a one-time grant otherwise. " +
    "A product that is not stackable is held once (PRODUCT_ALREADY_GRANTED); a stackable one granted again adds to the quantity held. An add-on needs one of its base products. " +
    "A product line holds one product at a time: granting another of the same line ends the subscriptions held there, and is refused while a one-time purchase holds it. The product's included items come with it.",
  request: {
    params: CustomerParams,
    body: jsonBody(
      z
        .union([
          z.strictObject({ product_id: productId, quantity }).openapi("ProductGrantById"),
          z.strictObject({ product_inline: InlineProductInputSchema, quantity }).openapi("ProductGrantInline"),
        ])
        .openapi("ProductGrant", { description: "Exactly one of `product_id` and `product_inline`." }),
    ),
  },
  responses: {
    200: jsonResponse(
      z.object({ success: z.literal(true), subscription_id: z.string().optional().openapi({ description: "The grant's id when the product is billed per period." }) }).openapi("ProductGranted"),
      "Granted",
    ),
  },
});

const STRIPE_ERRORS = ["STRIPE_ACCOUNT_INFO_NOT_FOUND", "PAYMENT_PROVIDER_UNAVAILABLE"] as const;

const CANCEL_ERRORS = [...CUSTOMER_ERRORS, "PRODUCT_DOES_NOT_EXIST", "PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH", "PRODUCT_NOT_HELD", "PRODUCT_NOT_SUBSCRIBED", "SUBSCRIPTION_NOT_RUNNING", ...STRIPE_ERRORS] as const;
const SWITCH_ERRORS = [
  ...CUSTOMER_ERRORS,
  "NEW_PURCHASES_BLOCKED",
  "PRODUCT_DOES_NOT_EXIST",
  "PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH",
  "SWITCH_REFUSED",
  "PRODUCT_NOT_STACKABLE",
  "ONE_TIME_PURCHASE_IN_PRODUCT_LINE",
  "PURCHASE_PRICE_NOT_FOUND",
  ...STRIPE_ERRORS,
] as const;

const cancelProductRoute = authenticatedRoute(CLIENT_AND_UP, CANCEL_ERRORS, {
  operationId: "cancelCustomerProduct",
  method: "delete",
  path: "/payments/products/{customer_type}/{customer_id}/{product_id}",
  tags: ["Payments"],
  summary: "Cancel a product a customer holds",
  description: `Cancels the customer's running subscriptions to the product (or the one \`subscription_id\` names, for inline products); a one-time purchase cannot be cancelled. A subscription without Stripe stays held to the end of its period. A paid subscription is set to cancel at the end of its period at Stripe first (PAYMENT_PROVIDER_UNAVAILABLE, with nothing changed, when Stripe cannot be reached) and ends when Stripe ends it. A client may not cancel a server-only product. ${ACCESS_NOTE}`,
  request: {
    params: CustomerParams.extend({ product_id: productId.openapi({ param: { name: "product_id", in: "path" } }) }),
    query: z.object({ subscription_id: z.string().max(64).optional() }),
  },
  responses: { 200: jsonResponse(Success, "Cancelled") },
});

const switchProductRoute = authenticatedRoute(CLIENT_AND_UP, SWITCH_ERRORS, {
  operationId: "switchCustomerProduct",
  method: "post",
  path: "/payments/products/{customer_type}/{customer_id}/switch",
  tags: ["Payments"],
  summary: "Switch a customer from one product to another of the same product line",
  description: `A subscription paid through Stripe is switched at Stripe to the new price, in the currency it is paid in and prorated as Stripe does by default, and keeps its billing period (PAYMENT_PROVIDER_UNAVAILABLE, with nothing changed, when Stripe cannot be reached). A subscription not paid through Stripe (or an include-by-default product) can be switched only with server access: the held product ends and the other is granted in its place. Refused with NEW_PURCHASES_BLOCKED while the project blocks new purchases. ${ACCESS_NOTE}`,
  request: {
    params: CustomerParams,
    body: jsonBody(
      z
        .object({ from_product_id: productId, to_product_id: productId, price_id: z.string().max(63).optional(), quantity: z.number().int().min(1).max(1_000_000).optional() })
        .openapi("ProductSwitch"),
    ),
  },
  responses: { 200: jsonResponse(Success, "Switched") },
});

export function registerProductRoutes(router: Router): void {
  router.openapi(grantProductRoute, async (c) => {
    const { deps, auth } = c.var;
    const customer = await requestedCustomer(deps, auth, c.req.valid("param"));
    const body = c.req.valid("json");
    const grant = await grantByApi(deps.db, auth.tenancy, auth.tenancy.config.payments, customer, {
      productId: "product_id" in body ? body.product_id : undefined,
      inline: "product_inline" in body ? fromInlineProduct(body.product_inline) : undefined,
      quantity: body.quantity,
    });
    return c.json({ success: true as const, ...(grant.kind === "subscription" ? { subscription_id: grant.id } : {}) }, 200);
  });

  router.openapi(cancelProductRoute, async (c) => {
    const { deps, auth } = c.var;
    const params = c.req.valid("param");
    const customer = await requestedCustomer(deps, auth, params);
    await cancelCustomerProduct(deps, auth.tenancy, auth.tenancy.config.payments, customer, auth.type, params.product_id, c.req.valid("query").subscription_id || undefined);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(switchProductRoute, async (c) => {
    const { deps, auth } = c.var;
    const customer = await requestedCustomer(deps, auth, c.req.valid("param"));
    const body = c.req.valid("json");
    await switchCustomerProduct(deps, auth.tenancy, auth.tenancy.config.payments, customer, auth.type, {
      fromProductId: body.from_product_id,
      toProductId: body.to_product_id,
      priceId: body.price_id,
      quantity: body.quantity,
    });
    return c.json({ success: true as const }, 200);
  });
}
