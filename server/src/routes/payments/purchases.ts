import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY, CLIENT_AND_UP, requireUser } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema, UrlSchema } from "../../http/schemas";
import type { CustomerCaller } from "../../services/payments/customers";
import {
  createPurchaseUrl,
  startPurchaseSession,
  startTestModePurchase,
  validatePurchaseCode,
  type PurchaseOffer,
} from "../../services/payments/purchases";
import { CURRENCIES } from "../../services/payments/money";
import { fromInlineProduct, InlineProductInputSchema, InlineProductSchema, toInlineProduct } from "./shapes";

const FullCode = z.string().min(1).max(300).openapi({ description: "The code from the checkout link: `/purchase/<full_code>`." });

const PURCHASE_URL_BASE = {
  customer_type: z.enum(["user", "team", "custom"]),
  customer_id: z.string().min(1).max(255),
  return_url: UrlSchema.optional().openapi({ description: "Where the checkout page sends the buyer afterwards; must be a trusted domain." }),
};

const CreatePurchaseUrlBody = z
  .union([
    z.strictObject({ ...PURCHASE_URL_BASE, product_id: z.string().min(1).max(255) }).openapi("CreatePurchaseUrlById"),
    z.strictObject({ ...PURCHASE_URL_BASE, product_inline: InlineProductInputSchema }).openapi("CreatePurchaseUrlInline"),
  ])
  .openapi("CreatePurchaseUrl", { description: "Exactly one of `product_id` and `product_inline` (server access)." });

const ValidateCodeBody = z.object({ full_code: FullCode, return_url: UrlSchema.optional() }).openapi("ValidatePurchaseCode");

const PurchaseOfferSchema = z
  .object({
    // `prices` holds only the prices the buyer may choose (server-only prices left out).
    product: InlineProductSchema,
    product_id: z.string().nullable(),
    customer_type: z.enum(["user", "team", "custom"]),
    customer_id: z.string(),
    project_id: z.string(),
    project_display_name: z.string(),
    project_logo_url: z.string().nullable(),
    test_mode: z.boolean().openapi({ description: "Purchases complete without payment (purchase-session answers completed: true)." }),
    stripe_account_id: z.string().nullable(),
    charges_enabled: z.boolean(),
    already_bought_non_stackable: z.boolean(),
    conflicting_products: z.array(z.object({ product_id: z.string(), display_name: z.string() })),
    return_url: z.string().nullable(),
  })
  .openapi("PurchaseOffer");

const PurchaseSessionBody = z
  .object({
    full_code: FullCode,
    price_id: z.string().min(1).max(64),
    quantity: z.number().int().min(1).max(1000).optional(),
    currency: z.enum(CURRENCIES).optional().openapi({ description: "Which of the price's currencies to charge; the first it has when left out." }),
  })
  .openapi("PurchaseSessionRequest");

const PurchaseSessionSchema = z
  .object({
    client_secret: z.string().openapi({ description: "Empty: the checkout runs on Stripe's hosted page (checkout_url)." }),
    checkout_url: z.string().nullable().openapi({ description: "Stripe's checkout page for this purchase; null in test mode." }),
    completed: z.boolean().openapi({ description: "True in test mode: the purchase is done and the product granted." }),
    purchase_id: z.string(),
  })
  .openapi("PurchaseSession");

const CODE_ERRORS = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED"] as const;

const createPurchaseUrlRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "CUSTOMER_DOES_NOT_EXIST",
    "USER_AUTHENTICATION_REQUIRED",
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

const purchaseSessionRoute = publicRoute([...CODE_ERRORS, "PRODUCT_ALREADY_GRANTED", "STRIPE_ACCOUNT_INFO_NOT_FOUND", "PAYMENT_PROVIDER_UNAVAILABLE"], {
  operationId: "createPurchaseSession",
  method: "post",
  path: "/payments/purchases/purchase-session",
  tags: ["Payments"],
  summary: "Buy what a checkout code offers, at one of its prices",
  description:
    "In test mode the purchase completes at once and grants the product (`completed: true`). Otherwise it answers Stripe's checkout page " +
    "(`checkout_url`) on the project's connected account; Stripe's webhook grants the product once paid. The code buys once.",
  request: { body: jsonBody(PurchaseSessionBody) },
  responses: { 200: jsonResponse(PurchaseSessionSchema, "The purchase started (or, in test mode, done)") },
});

const testModePurchaseRoute = authenticatedRoute(ADMIN_ONLY, [...CODE_ERRORS, "PRODUCT_ALREADY_GRANTED"], {
  operationId: "createTestModePurchaseSession",
  method: "post",
  path: "/internal/payments/test-mode-purchase-session",
  tags: ["Payments"],
  summary: "Complete a checkout code's purchase without payment (admin)",
  description: "For trying a product from the dashboard: the purchase completes without Stripe, marked as made in test mode, even when the project is live.",
  request: { body: jsonBody(PurchaseSessionBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Purchased") },
});

function offerBody(offer: PurchaseOffer) {
  return {
    product: toInlineProduct({ ...offer.product, prices: offer.prices }),
    product_id: offer.productId,
    customer_type: offer.customerType as "user" | "team" | "custom",
    customer_id: offer.customerId,
    project_id: offer.projectId,
    project_display_name: offer.projectDisplayName,
    project_logo_url: offer.projectLogoUrl,
    test_mode: offer.testMode,
    stripe_account_id: offer.stripeAccountId,
    charges_enabled: offer.chargesEnabled,
    already_bought_non_stackable: offer.alreadyBoughtNonStackable,
    conflicting_products: [],
    return_url: offer.returnUrl,
  };
}

export function registerPurchaseRoutes(router: Router): void {
  router.openapi(createPurchaseUrlRoute, async (c) => {
    const auth = c.var.auth;
    const caller: CustomerCaller = auth.type === "client" ? { access: "client", userId: requireUser(auth).sub } : { access: auth.type };
    const body = c.req.valid("json");
    const input = "product_inline" in body ? { ...body, product_inline: fromInlineProduct(body.product_inline) } : body;
    const url = await createPurchaseUrl(c.var.deps, auth.tenancy, caller, input);
    return c.json({ url }, 200);
  });

  router.openapi(checkPurchaseCodeRoute, async (c) => {
    const query = c.req.valid("query");
    await validatePurchaseCode(c.var.deps, query.full_code, query.return_url);
    return c.json({ valid: true as const }, 200);
  });

  router.openapi(validatePurchaseCodeRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(offerBody(await validatePurchaseCode(c.var.deps, body.full_code, body.return_url)), 200);
  });

  router.openapi(purchaseSessionRoute, async (c) => {
    const result = await startPurchaseSession(c.var.deps, c.req.valid("json"));
    return c.json({ client_secret: "", checkout_url: result.checkoutUrl, completed: result.completed, purchase_id: result.purchaseId }, 200);
  });

  router.openapi(testModePurchaseRoute, async (c) => {
    await startTestModePurchase(c.var.deps, c.var.auth.tenancy, c.req.valid("json"));
    return c.json({ success: true as const }, 200);
  });
}
