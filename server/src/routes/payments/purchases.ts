import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY, CLIENT_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema, UrlSchema } from "../../http/schemas";
import {
  completeTestPurchase,
  createPurchaseUrl,
  startPurchaseSession,
  startTestModePurchase,
  validatePurchaseCode,
  type PurchaseOffer,
} from "../../services/payments/purchases";
import { CURRENCIES } from "../../services/payments/money";
import { callerOf, CUSTOMER_ERRORS } from "./customer-reads";
import { fromInlineProduct, InlineProductInputSchema, InlineProductSchema, toInlineProduct } from "./shapes";

const FullCode = z.string().min(1).max(300).openapi({ description: "The code from the checkout link: `/purchase/<full_code>`." });

const PURCHASE_URL_BASE = {
  customer_type: z.enum(["user", "team", "custom"]),
  customer_id: z.string().min(1).max(255),
  return_url: UrlSchema.optional().openapi({ description: "Where the checkout page sends the buyer afterwards; must be a trusted domain." }),
};

const ProductId = z.string().min(1).max(255);

const CreatePurchaseUrlBody = z
  .strictObject({
    ...PURCHASE_URL_BASE,
    product_id: ProductId.optional(),
    product_inline: InlineProductInputSchema.optional().openapi({ description: "A product given here instead of configured (server access)." }),
    offer_id: ProductId.optional().openapi({ deprecated: true, description: "The former name of `product_id`." }),
    offer_inline: InlineProductInputSchema.optional().openapi({ deprecated: true, description: "The former name of `product_inline`." }),
  })
  .openapi("CreatePurchaseUrl", { description: "Exactly one of `product_id` and `product_inline` (server access)." });

const ValidateCodeBody = z
  .object({
    full_code: FullCode,
    return_url: UrlSchema.optional(),
    include_page_details: z
      .boolean()
      .optional()
      .openapi({ description: "Ours (not Stack Auth's): also answer what the hosted checkout page shows (project name, the product's id, the customer, the return URL)." }),
  })
  .openapi("ValidatePurchaseCode");

const PurchaseOfferSchema = z
  .object({
    // `prices` holds only the prices the buyer may choose (server-only prices left out).
    product: InlineProductSchema,
    project_id: z.string(),
    project_logo_url: z.string().nullable(),
    test_mode: z.boolean().openapi({ description: "The project sells in test mode: purchases complete without payment." }),
    stripe_account_id: z.string().nullable().openapi({ description: "The project's connected Stripe account; null when it has none." }),
    charges_enabled: z.boolean(),
    already_bought_non_stackable: z.boolean(),
    conflicting_products: z
      .array(z.object({ product_id: z.string(), display_name: z.string() }))
      .openapi({ description: "For a product billed per period: the products the customer holds in its product line, which buying it replaces." }),
    product_id: z.string().nullable().optional().openapi({ description: "With include_page_details: the product's id; null for an inline product." }),
    customer_type: z.enum(["user", "team", "custom"]).optional().openapi({ description: "With include_page_details." }),
    customer_id: z.string().optional().openapi({ description: "With include_page_details." }),
    project_display_name: z.string().optional().openapi({ description: "With include_page_details." }),
    return_url: z.string().nullable().optional().openapi({ description: "With include_page_details: the return URL the link was made with." }),
    stripe_publishable_key: z.string().nullable().optional().openapi({ description: "With include_page_details: the platform's key Stripe.js is loaded with (STRIPE_PUBLISHABLE_KEY)." }),
    stripe_js_url: z.string().optional().openapi({ description: "With include_page_details: where the page loads Stripe.js from." }),
  })
  .openapi("PurchaseOffer");

const PurchaseSessionBody = z
  .object({
    full_code: FullCode,
    price_id: z.string().min(1).max(64),
    quantity: z.number().int().min(1).max(1000).optional(),
    currency: z.enum(CURRENCIES).optional().openapi({ description: "Ours: which of the price's currencies to charge; the first it has when left out." }),
  })
  .openapi("PurchaseSessionRequest");

const PurchaseSessionSchema = z
  .object({
    client_secret: z.string().openapi({ description: "What the page confirms the payment with (Stripe.js's payment element), on the project's Stripe account." }),
  })
  .openapi("PurchaseSession");

const CODE_ERRORS = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED"] as const;

const createPurchaseUrlRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    ...CUSTOMER_ERRORS,
    "NEW_PURCHASES_BLOCKED",
    "PRODUCT_ID_OR_INLINE_REQUIRED",
    "PRODUCT_ID_AND_INLINE",
    "PRODUCT_INLINE_NEEDS_SERVER",
    "PRODUCT_DOES_NOT_EXIST",
    "PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH",
    "PRODUCT_ALREADY_GRANTED",
    "REDIRECT_URL_NOT_WHITELISTED",
    "STRIPE_ACCOUNT_INFO_NOT_FOUND",
  ],
  {
    operationId: "createPurchaseUrl",
    method: "post",
    path: "/payments/purchases/create-purchase-url",
    tags: ["Payments"],
    summary: "A checkout link for a customer and a product",
    description:
      "The link opens the hosted checkout page and is good for a day and one purchase. A client may ask only for itself or its own teams, " +
      "and only for catalog products that are not server-only; `product_inline` needs server access. A project that is not in test mode " +
      "needs a connected Stripe account (STRIPE_ACCOUNT_INFO_NOT_FOUND otherwise).",
    request: { body: jsonBody(CreatePurchaseUrlBody) },
    responses: { 200: jsonResponse(z.object({ url: z.string() }).openapi("PurchaseUrl"), "The checkout link") },
  },
);

const checkPurchaseCodeRoute = publicRoute([...CODE_ERRORS, "REDIRECT_URL_NOT_WHITELISTED"], {
  operationId: "checkPurchaseCode",
  method: "get",
  path: "/payments/purchases/validate-code",
  tags: ["Payments"],
  summary: "Whether a checkout code can still be bought with",
  request: { query: z.object({ full_code: FullCode, return_url: UrlSchema.optional() }) },
  responses: { 200: jsonResponse(z.object({ valid: z.literal(true) }).openapi("PurchaseCodeValid"), "The code is good") },
});

const validatePurchaseCodeRoute = publicRoute([...CODE_ERRORS, "REDIRECT_URL_NOT_WHITELISTED", "PAYMENT_PROVIDER_UNAVAILABLE"], {
  operationId: "validatePurchaseCode",
  method: "post",
  path: "/payments/purchases/validate-code",
  tags: ["Payments"],
  summary: "What a checkout code offers",
  description: "For the hosted checkout page: the product, the prices to choose from, the project, and whether it is in test mode. Reading does not use the code up.",
  request: { body: jsonBody(ValidateCodeBody) },
  responses: { 200: jsonResponse(PurchaseOfferSchema, "The offer") },
});

const BUY_ERRORS = [...CODE_ERRORS, "NEW_PURCHASES_BLOCKED", "PURCHASE_PRICE_NOT_FOUND", "PRODUCT_ALREADY_GRANTED", "PRODUCT_NOT_STACKABLE", "PRODUCT_ADD_ON_WITHOUT_BASE", "ONE_TIME_PURCHASE_IN_PRODUCT_LINE"] as const;

const purchaseSessionRoute = publicRoute([...BUY_ERRORS, "STRIPE_ACCOUNT_INFO_NOT_FOUND", "PAYMENT_PROVIDER_UNAVAILABLE"], {
  operationId: "createPurchaseSession",
  method: "post",
  path: "/payments/purchases/purchase-session",
  tags: ["Payments"],
  summary: "Start paying for what a checkout code offers, at one of its prices",
  description:
    "As in Stack Auth: the payment starts at Stripe on the project's connected account (STRIPE_ACCOUNT_INFO_NOT_FOUND without one), for the " +
    "customer's own Stripe customer: a PaymentIntent for a one-time price, an incomplete subscription for a recurring one. The answer's client " +
    "secret is what the page confirms it with; Stripe's webhooks grant the product once paid. The code buys once.",
  request: { body: jsonBody(PurchaseSessionBody) },
  responses: { 200: jsonResponse(PurchaseSessionSchema, "The payment to confirm") },
});

const completeTestPurchaseRoute = publicRoute(BUY_ERRORS, {
  operationId: "completeTestPurchase",
  method: "post",
  path: "/payments/purchases/complete-test-purchase",
  tags: ["Payments"],
  summary: "Buy what a checkout code offers without paying, in test mode (ours)",
  description:
    "For the hosted checkout page of a project in test mode: the purchase completes at once, without Stripe, and grants the product, marked as " +
    "made in test mode. Refused with SCHEMA_ERROR when the project is not in test mode. The code buys once.",
  request: { body: jsonBody(PurchaseSessionBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Purchased") },
});

const testModePurchaseRoute = authenticatedRoute(ADMIN_ONLY, BUY_ERRORS, {
  operationId: "createTestModePurchaseSession",
  method: "post",
  path: "/internal/payments/test-mode-purchase-session",
  tags: ["Payments"],
  summary: "Complete a checkout code's purchase without payment (admin)",
  description: "For trying a product from the dashboard: the purchase completes without Stripe, marked as made in test mode, even when the project is live.",
  request: { body: jsonBody(PurchaseSessionBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Purchased") },
});

/** The offer in Stack Auth's shape; what only our checkout page needs comes on request. Server metadata stays on the server. */
function offerBody(offer: PurchaseOffer, pageDetails: boolean, settings: { publishableKey: string | undefined; jsUrl: string }) {
  return {
    product: { ...toInlineProduct({ ...offer.product, prices: offer.prices }), server_metadata: null },
    project_id: offer.projectId,
    project_logo_url: offer.projectLogoUrl,
    test_mode: offer.testMode,
    stripe_account_id: offer.stripeAccountId,
    charges_enabled: offer.chargesEnabled,
    already_bought_non_stackable: offer.alreadyBoughtNonStackable,
    conflicting_products: offer.conflictingProducts.map((p) => ({ product_id: p.productId, display_name: p.displayName })),
    ...(pageDetails
      ? {
          product_id: offer.productId,
          customer_type: offer.customerType as "user" | "team" | "custom",
          customer_id: offer.customerId,
          project_display_name: offer.projectDisplayName,
          return_url: offer.returnUrl,
          stripe_publishable_key: settings.publishableKey ?? null,
          stripe_js_url: settings.jsUrl,
        }
      : {}),
  };
}

export function registerPurchaseRoutes(router: Router): void {
  router.openapi(createPurchaseUrlRoute, async (c) => {
    const auth = c.var.auth;
    const caller = callerOf(auth);
    const { offer_id, offer_inline, product_id, product_inline, ...body } = c.req.valid("json");
    // offer_id and offer_inline are the names older SDKs send (Stack Auth renamed offers to products).
    const inline = product_inline ?? offer_inline;
    const url = await createPurchaseUrl(c.var.deps, auth.tenancy, caller, {
      ...body,
      product_id: product_id ?? offer_id,
      product_inline: inline === undefined ? undefined : fromInlineProduct(inline),
    });
    return c.json({ url }, 200);
  });

  router.openapi(checkPurchaseCodeRoute, async (c) => {
    const query = c.req.valid("query");
    await validatePurchaseCode(c.var.deps, query.full_code, query.return_url);
    return c.json({ valid: true as const }, 200);
  });

  router.openapi(validatePurchaseCodeRoute, async (c) => {
    const body = c.req.valid("json");
    const offer = await validatePurchaseCode(c.var.deps, body.full_code, body.return_url);
    return c.json(offerBody(offer, body.include_page_details === true, c.var.deps.settings.stripe), 200);
  });

  router.openapi(purchaseSessionRoute, async (c) => {
    const { clientSecret } = await startPurchaseSession(c.var.deps, c.req.valid("json"));
    return c.json({ client_secret: clientSecret }, 200);
  });

  router.openapi(completeTestPurchaseRoute, async (c) => {
    await completeTestPurchase(c.var.deps, c.req.valid("json"));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(testModePurchaseRoute, async (c) => {
    await startTestModePurchase(c.var.deps, c.var.auth.tenancy, c.req.valid("json"));
    return c.json({ success: true as const }, 200);
  });
}
