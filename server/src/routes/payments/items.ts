import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import { EmptyObjectSchema } from "../../http/schemas";
import type { Router } from "../../http/router";
import { catalogItem, changeItemQuantity, getItem } from "../../services/payments/items";
import { ACCESS_NOTE, CUSTOMER_ERRORS, customerParams, requestedCustomer } from "./customer-reads";

const ItemParams = customerParams(["user", "team", "custom"] as const).extend({
  item_id: z.string().min(1).max(63).openapi({ param: { name: "item_id", in: "path" }, description: "The item's id in the project's payments configuration." }),
});

const ItemSchema = z
  .object({
    id: z.string(),
    display_name: z.string(),
    quantity: z.number().int().openapi({ description: "Unexpired quantity changes plus what the customer's products include; may be negative." }),
  })
  .openapi("CustomerItem");

const UpdateQuantityBody = z
  .object({
    delta: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).openapi({ description: "Positive to add, negative to spend." }),
    expires_at: z.string().datetime({ offset: true }).optional().openapi({ description: "When this change stops counting (ISO 8601)." }),
    description: z.string().max(1024).optional(),
  })
  .openapi("ItemQuantityChange");

const READ_ERRORS = [...CUSTOMER_ERRORS, "ITEM_NOT_FOUND", "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH"] as const;

const getCustomerItemRoute = authenticatedRoute(CLIENT_AND_UP, READ_ERRORS, {
  operationId: "getCustomerItem",
  method: "get",
  path: "/payments/items/{customer_type}/{customer_id}/{item_id}",
  tags: ["Payments"],
  summary: "A customer's quantity of an item",
  description: `The item must be configured and be for this customer type. ${ACCESS_NOTE}`,
  request: { params: ItemParams },
  responses: { 200: jsonResponse(ItemSchema, "The item and the customer's quantity") },
});

const updateItemQuantityRoute = authenticatedRoute(SERVER_AND_UP, [...READ_ERRORS, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT"], {
  operationId: "updateCustomerItemQuantity",
  method: "post",
  path: "/payments/items/{customer_type}/{customer_id}/{item_id}/update-quantity",
  tags: ["Payments"],
  summary: "Change a customer's quantity of an item",
  description:
    "Adds a quantity change (the ledger keeps every change). A change that would leave the quantity below zero fails with ITEM_QUANTITY_INSUFFICIENT_AMOUNT unless `allow_negative=true`; parallel changes of one customer's item are applied one at a time, so no two spend the same units.",
  request: {
    params: ItemParams,
    query: z.object({ allow_negative: z.enum(["true", "false"]).openapi({ description: "Whether the quantity may go below zero." }) }),
    body: jsonBody(UpdateQuantityBody),
  },
  responses: { 200: jsonResponse(EmptyObjectSchema, "The change is recorded") },
});

export function registerItemRoutes(router: Router): void {
  router.openapi(getCustomerItemRoute, async (c) => {
    const { deps, auth } = c.var;
    const params = c.req.valid("param");
    const customer = await requestedCustomer(deps, auth, params, (named) => catalogItem(auth.tenancy.config.payments, named, params.item_id));
    const item = await getItem(deps.db, auth.tenancy, auth.tenancy.config.payments, customer, params.item_id);
    return c.json({ id: item.id, display_name: item.displayName, quantity: item.quantity }, 200);
  });

  router.openapi(updateItemQuantityRoute, async (c) => {
    const { deps, auth } = c.var;
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const customer = await requestedCustomer(deps, auth, params, (named) => catalogItem(auth.tenancy.config.payments, named, params.item_id));
    await changeItemQuantity(deps.db, auth.tenancy, auth.tenancy.config.payments, customer, params.item_id, {
      delta: body.delta,
      expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at),
      description: body.description ?? null,
      allowNegative: c.req.valid("query").allow_negative === "true",
    });
    return c.json({}, 200);
  });
}
