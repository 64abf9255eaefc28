import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import { createAccountSession, getPaymentMethodConfig, getStripeAccountInfo, setUpPayments, updatePaymentMethodConfig } from "../../services/payments/stripe-account";
import { InlineProductSchema, toInlineProduct } from "../payments/shapes";
import { listProjectTransactions, refundPurchase, TRANSACTION_TYPES } from "../../services/payments/transactions";

const NO_ACCOUNT = ["STRIPE_ACCOUNT_INFO_NOT_FOUND", "PAYMENT_PROVIDER_UNAVAILABLE"] as const;

const setupRoute = authenticatedRoute(ADMIN_ONLY, NO_ACCOUNT, {
  operationId: "setUpPayments",
  method: "post",
  path: "/internal/payments/setup",
  tags: ["Payments"],
  summary: "Connect the project to Stripe and get the onboarding link",
  description: "Creates the project's Stripe Connect account on first call; answers Stripe's onboarding link. STRIPE_ACCOUNT_INFO_NOT_FOUND when this server has no Stripe key.",
  request: { body: optionalJsonBody(z.object({}).openapi("PaymentsSetup")) },
  responses: { 200: jsonResponse(z.object({ url: z.string() }).openapi("PaymentsSetupLink"), "Stripe's onboarding link") },
});

const accountInfoRoute = authenticatedRoute(ADMIN_ONLY, NO_ACCOUNT, {
  operationId: "getStripeAccountInfo",
  method: "get",
  path: "/internal/payments/stripe/account-info",
  tags: ["Payments"],
  summary: "The project's Stripe account",
  description: "404 STRIPE_ACCOUNT_INFO_NOT_FOUND when the project has none.",
  responses: {
    200: jsonResponse(
      z.object({ account_id: z.string(), charges_enabled: z.boolean(), details_submitted: z.boolean(), payouts_enabled: z.boolean() }).openapi("StripeAccountInfo"),
      "The account",
    ),
  },
});

const accountSessionRoute = authenticatedRoute(ADMIN_ONLY, NO_ACCOUNT, {
  operationId: "createStripeAccountSession",
  method: "post",
  path: "/internal/payments/stripe-widgets/account-session",
  tags: ["Payments"],
  summary: "A session for Stripe's embedded dashboard components",
  request: { body: optionalJsonBody(z.object({}).openapi("StripeAccountSessionRequest")) },
  responses: { 200: jsonResponse(z.object({ client_secret: z.string() }).openapi("StripeAccountSession"), "The session's client secret") },
});

const MethodConfigSchema = z
  .object({
    config_id: z.string(),
    methods: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean(), available: z.boolean(), overridable: z.boolean() })),
  })
  .openapi("PaymentMethodConfig");

/** The payment method types a Stripe payment method configuration turns on and off. */
const PAYMENT_METHOD_TYPES = [
  "card",
  "cartes_bancaires",
  "apple_pay",
  "google_pay",
  "link",
  "amazon_pay",
  "cashapp",
  "klarna",
  "affirm",
  "afterpay_clearpay",
  "zip",
  "ideal",
  "bancontact",
  "eps",
  "p24",
  "blik",
  "alipay",
  "wechat_pay",
  "sepa_debit",
  "bacs_debit",
  "acss_debit",
  "us_bank_account",
  "multibanco",
  "customer_balance",
] as const;

const getMethodConfigsRoute = authenticatedRoute(ADMIN_ONLY, NO_ACCOUNT, {
  operationId: "getPaymentMethodConfigs",
  method: "get",
  path: "/internal/payments/method-configs",
  tags: ["Payments"],
  summary: "The payment methods checkout offers",
  responses: { 200: jsonResponse(MethodConfigSchema, "The account's default payment method configuration") },
});

const updateMethodConfigsRoute = authenticatedRoute(ADMIN_ONLY, NO_ACCOUNT, {
  operationId: "updatePaymentMethodConfigs",
  method: "patch",
  path: "/internal/payments/method-configs",
  tags: ["Payments"],
  summary: "Turn payment methods on or off",
  request: {
    body: jsonBody(
      z
        .object({
          config_id: z.string().min(1).max(255),
          updates: z.partialRecord(z.enum(PAYMENT_METHOD_TYPES), z.enum(["on", "off"])).openapi({ description: "Per payment method type Stripe's configurations take: on or off." }),
        })
        .openapi("PaymentMethodConfigUpdate"),
    ),
  },
  responses: { 200: jsonResponse(SuccessSchema, "Updated") },
});

const adjusting = {
  adjusted_transaction_id: z.string().nullable().openapi({ description: "The transaction an entry adjusts (a refund's money names nothing)." }),
  adjusted_entry_index: z.number().int().nullable(),
};
const customerFields = { customer_type: z.enum(["user", "team", "custom"]), customer_id: z.string() };

const MoneyTransferEntry = z.object({
  type: z.literal("money_transfer"),
  ...customerFields,
  charged_amount: z.record(z.string(), z.string()).openapi({ description: "Per currency, as prices are written (\"12.50\"); negative for money given back." }),
  net_amount: z.object({ USD: z.string() }),
  ...adjusting,
});

const ProductGrantEntry = z.object({
  type: z.literal("product_grant"),
  ...customerFields,
  product: InlineProductSchema,
  product_id: z.string().nullable(),
  price_id: z.string().nullable(),
  quantity: z.number().int(),
  subscription_id: z.string().optional().openapi({ description: "The grant's id, for a subscription (the products list's subscription_id)." }),
  one_time_purchase_id: z.string().optional().openapi({ description: "The grant's id, for a one-time purchase." }),
  ...adjusting,
});

const ItemQuantityChangeEntry = z.object({
  type: z.literal("item_quantity_change"),
  ...customerFields,
  item_id: z.string(),
  quantity: z.number().int(),
  ...adjusting,
});

const ProductRevocationEntry = z.object({
  type: z.literal("product_revocation"),
  adjusted_transaction_id: z.string(),
  adjusted_entry_index: z.number().int(),
  quantity: z.number().int(),
});

const TransactionSchema = z
  .object({
    id: z.string(),
    created_at_millis: z.number().int(),
    effective_at_millis: z.number().int(),
    type: z.enum(TRANSACTION_TYPES).nullable(),
    entries: z.array(z.union([MoneyTransferEntry, ProductGrantEntry, ItemQuantityChangeEntry, ProductRevocationEntry])),
    adjusted_by: z.array(z.object({ transaction_id: z.string(), entry_index: z.number().int() })),
    test_mode: z.boolean(),
  })
  .openapi("PaymentTransaction");

const listTransactionsRoute = authenticatedRoute(ADMIN_ONLY, ["PAYMENTS_CURSOR_INVALID"], {
  operationId: "listPaymentTransactions",
  method: "get",
  path: "/internal/payments/transactions",
  tags: ["Payments"],
  summary: "Grants, purchases, quantity changes and renewals, newest first",
  description:
    "In Stack Auth's transaction shape: a purchase for every grant of a product (bought, bought in test mode, or granted by the server), a " +
    "manual-item-quantity-change for each change the server made, a subscription-renewal for each renewal paid. Refunds show in the refunded " +
    "purchase's adjusted_by; type=refund (ours) lists them.",
  request: {
    query: z.object({
      cursor: z.string().max(400).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional().openapi({ description: "1 to 200; 50 when left out." }),
      type: z.enum(TRANSACTION_TYPES).optional(),
      customer_type: z.enum(["user", "team", "custom"]).optional(),
      customer_id: z.string().max(255).optional().openapi({ description: "Ours: one customer's transactions." }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ transactions: z.array(TransactionSchema), next_cursor: z.string().nullable() }).openapi("PaymentTransactionList"), "A page of transactions"),
  },
});

const refundRoute = authenticatedRoute(
  ADMIN_ONLY,
  [
    ...NO_ACCOUNT,
    "ONE_TIME_PURCHASE_NOT_FOUND",
    "SUBSCRIPTION_INVOICE_NOT_FOUND",
    "ONE_TIME_PURCHASE_ALREADY_REFUNDED",
    "SUBSCRIPTION_ALREADY_REFUNDED",
    "TEST_MODE_PURCHASE_NON_REFUNDABLE",
  ],
  {
    operationId: "refundPaymentTransaction",
    method: "post",
    path: "/internal/payments/transactions/refund",
    tags: ["Payments"],
    summary: "Refund a purchase through Stripe",
    description:
      "Refunds a purchase transaction (`id`) once: each of `refund_entries` names its product grant entry (0), how many of the product to take " +
      "back (ending it when none is left; a subscription stops at Stripe) and how much money to give back, in all at most what was paid. " +
      "Purchases made in test mode took no money and cannot be refunded; grants made by the server were not bought.",
    request: {
      body: jsonBody(
        z
          .object({
            type: z.enum(["subscription", "one-time-purchase"]),
            id: z.string().min(1).max(100),
            refund_entries: z
              .array(
                z.object({
                  entry_index: z.number().int().min(-1_000_000).max(1_000_000),
                  quantity: z.number().min(-1_000_000).max(1_000_000).openapi({ description: "A whole number, 0 or more." }),
                  amount_usd: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "amount_usd is an amount of dollars, such as 12.50"),
                }),
              )
              .max(20),
          })
          .openapi("RefundRequest"),
      ),
    },
    responses: { 200: jsonResponse(SuccessSchema, "Refunded") },
  },
);

export function registerInternalPaymentRoutes(router: Router): void {
  router.openapi(setupRoute, async (c) => c.json(await setUpPayments(c.var.deps, c.var.auth.tenancy.projectId), 200));

  router.openapi(accountInfoRoute, async (c) => {
    const info = await getStripeAccountInfo(c.var.deps, c.var.auth.tenancy.projectId);
    return c.json({ account_id: info.accountId, charges_enabled: info.chargesEnabled, details_submitted: info.detailsSubmitted, payouts_enabled: info.payoutsEnabled }, 200);
  });

  router.openapi(accountSessionRoute, async (c) => {
    const session = await createAccountSession(c.var.deps, c.var.auth.tenancy.projectId);
    return c.json({ client_secret: session.clientSecret }, 200);
  });

  router.openapi(getMethodConfigsRoute, async (c) => {
    const config = await getPaymentMethodConfig(c.var.deps, c.var.auth.tenancy.projectId);
    return c.json({ config_id: config.configId, methods: config.methods.map((m) => ({ ...m, name: m.id })) }, 200);
  });

  router.openapi(updateMethodConfigsRoute, async (c) => {
    const body = c.req.valid("json");
    await updatePaymentMethodConfig(c.var.deps, c.var.auth.tenancy.projectId, body.config_id, body.updates);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(listTransactionsRoute, async (c) => {
    const page = await listProjectTransactions(c.var.deps, c.var.auth.tenancy, c.req.valid("query"));
    const transactions = page.transactions.map((tx) => ({
      ...tx,
      entries: tx.entries.map((entry) => (entry.type === "product_grant" ? { ...entry, product: toInlineProduct(entry.product) } : entry)),
    }));
    return c.json({ transactions, next_cursor: page.nextCursor }, 200);
  });

  router.openapi(refundRoute, async (c) => {
    await refundPurchase(c.var.deps, c.var.auth.tenancy, c.req.valid("json"));
    return c.json({ success: true as const }, 200);
  });
}
