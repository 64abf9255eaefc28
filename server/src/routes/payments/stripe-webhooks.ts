import { z } from "@hono/zod-openapi";
import { jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import { handleStripeWebhook } from "../../services/payments/stripe-webhooks";

const stripeWebhookRoute = publicRoute(["STRIPE_SIGNATURE_INVALID"], {
  operationId: "receiveStripeWebhook",
  method: "post",
  path: "/integrations/stripe/webhooks",
  tags: ["Payments"],
  summary: "Stripe's events for the connected accounts (for Stripe only)",
  description:
    "Verified with the Stripe-Signature header over the exact body and this server's webhook secret; a missing or wrong signature answers " +
    "400 and changes nothing. Each event applies once (by its id); redeliveries answer 200 and change nothing. Events the server does not use answer 200.",
  request: {
    headers: z.object({ "stripe-signature": z.string().max(2000).optional() }),
    body: { required: true, content: { "application/json": { schema: z.object({ id: z.string(), type: z.string() }).passthrough().openapi("StripeEvent") } } },
  },
  responses: { 200: jsonResponse(z.object({ received: z.literal(true) }).openapi("StripeWebhookReceived"), "Received") },
});

export function registerStripeWebhookRoutes(router: Router): void {
  router.openapi(stripeWebhookRoute, async (c) => {
    // The signature covers the bytes as sent, so the raw text is what is verified.
    await handleStripeWebhook(c.var.deps, await c.req.text(), c.req.header("stripe-signature"));
    return c.json({ received: true as const }, 200);
  });
}
