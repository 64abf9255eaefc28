import { z } from "@hono/zod-openapi";
import { SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";
import { activateCapacityBoost, deliveryInfo } from "../../services/emails/capacity";

const WindowSchema = z.object({ sent: z.number(), bounced: z.number(), marked_as_spam: z.number() });

const deliveryInfoRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "getEmailDeliveryInfo",
  method: "get",
  path: "/emails/delivery-info",
  tags: ["Emails"],
  summary: "Sent and bounced counts, and the project's sending capacity",
  responses: {
    200: jsonResponse(
      z
        .object({
          stats: z.object({ hour: WindowSchema, day: WindowSchema, week: WindowSchema, month: WindowSchema }),
          capacity: z.object({
            rate_per_second: z.number(),
            boost_multiplier: z.number(),
            penalty_factor: z.number(),
            is_boost_active: z.boolean(),
            boost_expires_at: z.string().nullable(),
          }),
        })
        .openapi("EmailDeliveryInfo"),
      "Statistics and capacity",
    ),
  },
});

const capacityBoostRoute = authenticatedRoute(SERVER_AND_UP, ["EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE"], {
  operationId: "activateEmailCapacityBoost",
  method: "post",
  path: "/emails/capacity-boost",
  tags: ["Emails"],
  summary: "Quadruple the project's sending capacity for four hours",
  description: "While a boost is active, another answers EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE with its end.",
  request: { body: optionalJsonBody(z.object({}).openapi("EmailCapacityBoostRequest")) },
  responses: { 200: jsonResponse(z.object({ expires_at: z.string() }).openapi("EmailCapacityBoost"), "The boost's end") },
});

export function registerDeliveryRoutes(router: Router): void {
  router.openapi(deliveryInfoRoute, async (c) => {
    const info = await deliveryInfo(c.var.deps, c.var.auth.tenancy);
    const window = (w: { sent: number; bounced: number }) => ({ sent: w.sent, bounced: w.bounced, marked_as_spam: 0 });
    return c.json(
      {
        stats: { hour: window(info.stats.hour), day: window(info.stats.day), week: window(info.stats.week), month: window(info.stats.month) },
        capacity: {
          rate_per_second: info.capacity.ratePerSecond,
          boost_multiplier: info.capacity.boostMultiplier,
          penalty_factor: info.capacity.penaltyFactor,
          is_boost_active: info.capacity.isBoostActive,
          boost_expires_at: info.capacity.boostExpiresAtMillis === null ? null : new Date(info.capacity.boostExpiresAtMillis).toISOString(),
        },
      },
      200,
    );
  });

  router.openapi(capacityBoostRoute, async (c) => {
    const boost = await activateCapacityBoost(c.var.deps, c.var.auth.tenancy);
    return c.json({ expires_at: new Date(boost.expiresAtMillis).toISOString() }, 200);
  });
}
