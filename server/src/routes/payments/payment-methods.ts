import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";
import { setDefaultPaymentMethod, startPaymentMethodSetup } from "../../services/payments/customer-reads";
import { ACCESS_NOTE, CUSTOMER_ERRORS, customerParams, requestedCustomer } from "./customer-reads";
import { toBilling } from "./shapes";

const STRIPE_ERRORS = ["STRIPE_ACCOUNT_INFO_NOT_FOUND", "PAYMENT_PROVIDER_UNAVAILABLE"] as const;

const setupIntentRoute = authenticatedRoute(CLIENT_AND_UP, [...CUSTOMER_ERRORS, ...STRIPE_ERRORS], {
  operationId: "createPaymentMethodSetupIntent",
  method: "post",
  path: "/payments/payment-method/{customer_type}/{customer_id}/setup-intent",
  tags: ["Payments"],
  summary: "Start adding a card for a customer",
  description: `A Stripe SetupIntent on the project's connected account, for the customer's Stripe customer (made on first use): the page confirms it with Stripe.js, then calls set-default. ${ACCESS_NOTE}`,
  request: { params: customerParams(["user", "team"] as const), body: optionalJsonBody(z.object({}).openapi("PaymentMethodSetupRequest")) },
  responses: {
    200: jsonResponse(
      z.object({ client_secret: z.string(), stripe_account_id: z.string().openapi({ description: "The connected account Stripe.js acts on." }) }).openapi("PaymentMethodSetup"),
      "The SetupIntent to confirm",
    ),
  },
});

const setDefaultRoute = authenticatedRoute(CLIENT_AND_UP, [...CUSTOMER_ERRORS, "SETUP_INTENT_NOT_SUCCEEDED", ...STRIPE_ERRORS], {
  operationId: "setDefaultPaymentMethod",
  method: "post",
  path: "/payments/payment-method/{customer_type}/{customer_id}/set-default",
  tags: ["Payments"],
  summary: "Make the card a confirmed SetupIntent saved the customer's default",
  description: `The SetupIntent must be the customer's (a bare 403 otherwise, as Stack Auth answers it) and have succeeded (a bare 400 otherwise); renewals and plan switches then charge that card. ${ACCESS_NOTE}`,
  request: {
    params: customerParams(["user", "team"] as const),
    body: jsonBody(z.object({ setup_intent_id: z.string().min(1).max(255) }).openapi("SetDefaultPaymentMethod")),
  },
  responses: {
    200: jsonResponse(
      z.object({ success: z.literal(true), default_payment_method: toBillingSchema() }).openapi("DefaultPaymentMethodSet"),
      "The customer's default card now",
    ),
  },
});

function toBillingSchema() {
  return z.object({ id: z.string(), brand: z.string().nullable(), last4: z.string().nullable(), exp_month: z.number().int().nullable(), exp_year: z.number().int().nullable() }).nullable();
}

export function registerPaymentMethodRoutes(router: Router): void {
  router.openapi(setupIntentRoute, async (c) => {
    const customer = await requestedCustomer(c.var.deps, c.var.auth, c.req.valid("param"));
    const setup = await startPaymentMethodSetup(c.var.deps, c.var.auth.tenancy, customer);
    return c.json({ client_secret: setup.clientSecret, stripe_account_id: setup.stripeAccountId }, 200);
  });

  router.openapi(setDefaultRoute, async (c) => {
    const customer = await requestedCustomer(c.var.deps, c.var.auth, c.req.valid("param"));
    const card = await setDefaultPaymentMethod(c.var.deps, c.var.auth.tenancy, customer, c.req.valid("json").setup_intent_id);
    return c.json({ success: true as const, default_payment_method: toBilling({ hasCustomer: true, defaultPaymentMethod: card }).default_payment_method }, 200);
  });
}
