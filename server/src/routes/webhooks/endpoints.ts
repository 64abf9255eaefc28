import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema } from "../../http/schemas";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  sendTestWebhook,
  updateEndpoint,
  type WebhookEndpoint,
} from "../../services/webhooks/endpoints";
import { WEBHOOK_EVENT_TYPES } from "../../services/webhooks/events";

const SIGNING_NOTE =
  "Every request carries the Standard Webhooks headers `webhook-id` (the same on every try: de-duplicate by it), " +
  "`webhook-timestamp` and `webhook-signature`, so receivers verify it with the `svix` package (or any Standard " +
  "Webhooks library) and the endpoint's secret. The body is `{type, data}`, `data` being the server read shape.";

const EventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).openapi("WebhookEventType");

const EndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    events: z.array(z.string()).openapi({ description: "The events it takes; empty means every event." }),
    secret_created_at_millis: z.number().nullable().openapi({ description: "null until the endpoint has a secret." }),
  })
  .openapi("WebhookEndpoint");

const EndpointWithSecretSchema = EndpointSchema.extend({
  secret: z.string().openapi({ description: "`whsec_...`: shown this once; store it with the receiver.", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
}).openapi("WebhookEndpointWithSecret");

const endpointFields = {
  url: z.url({ protocol: /^https?$/ }).max(2048).openapi({ description: "http or https; private and local addresses only where the project allows localhost." }),
  description: z.string().max(1024).nullable(),
  enabled: z.boolean(),
  events: z.array(EventTypeSchema).max(WEBHOOK_EVENT_TYPES.length),
};

const CreateBody = z
  .strictObject({ ...endpointFields, description: endpointFields.description.optional(), enabled: endpointFields.enabled.optional(), events: endpointFields.events.optional() })
  .openapi("WebhookEndpointCreate");
const UpdateBody = z
  .strictObject({
    url: endpointFields.url.optional(),
    description: endpointFields.description.optional(),
    enabled: endpointFields.enabled.optional(),
    events: endpointFields.events.optional(),
  })
  .openapi("WebhookEndpointUpdate");

const EndpointParam = z.object({
  endpoint_id: z.string().min(1).max(63).openapi({ param: { name: "endpoint_id", in: "path" } }),
});

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(errors: Parameters<typeof authenticatedRoute>[1], spec: T) =>
  authenticatedRoute(ADMIN_ONLY, errors, { ...spec, tags: ["Webhooks"] });

const listRoute = route([], {
  operationId: "listWebhookEndpoints",
  method: "get",
  path: "/internal/webhooks/endpoints",
  summary: "The project's webhook endpoints",
  responses: { 200: jsonResponse(listSchema(EndpointSchema, "WebhookEndpointList"), "Every endpoint") },
});

const createRoute = route([], {
  operationId: "createWebhookEndpoint",
  method: "post",
  path: "/internal/webhooks/endpoints",
  summary: "Add a webhook endpoint",
  description: `Stored in the configuration (environment level, \`webhooks.endpoints.<id>\`) with a new signing secret, which the answer shows once. ${SIGNING_NOTE}`,
  request: { body: jsonBody(CreateBody) },
  responses: { 201: jsonResponse(EndpointWithSecretSchema, "The endpoint and its secret") },
});

const getRoute = route(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "getWebhookEndpoint",
  method: "get",
  path: "/internal/webhooks/endpoints/{endpoint_id}",
  summary: "One webhook endpoint",
  request: { params: EndpointParam },
  responses: { 200: jsonResponse(EndpointSchema, "The endpoint") },
});

const updateRoute = route(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "updateWebhookEndpoint",
  method: "patch",
  path: "/internal/webhooks/endpoints/{endpoint_id}",
  summary: "Change a webhook endpoint",
  description: "`events` replaces the list; an empty list takes every event. Deliveries already in the outbox keep going to the endpoint as it is when they are tried.",
  request: { params: EndpointParam, body: jsonBody(UpdateBody) },
  responses: { 200: jsonResponse(EndpointSchema, "The endpoint as changed") },
});

const deleteRoute = route(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "deleteWebhookEndpoint",
  method: "delete",
  path: "/internal/webhooks/endpoints/{endpoint_id}",
  summary: "Remove a webhook endpoint and its secret",
  description: "Its deliveries still waiting fail as removed; the delivery log keeps them.",
  request: { params: EndpointParam },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

const rotateRoute = route(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "rotateWebhookEndpointSecret",
  method: "post",
  path: "/internal/webhooks/endpoints/{endpoint_id}/rotate-secret",
  summary: "Give a webhook endpoint a new signing secret",
  description: "The old secret stops signing at once; the answer shows the new one once.",
  request: { params: EndpointParam },
  responses: { 200: jsonResponse(z.object({ secret: z.string() }).openapi("WebhookEndpointSecret"), "The new secret") },
});

const sendTestRoute = route(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "sendTestWebhook",
  method: "post",
  path: "/internal/send-test-webhook",
  summary: "Send a signed test event to an endpoint now and report its answer",
  description: `The event is \`{type: "webhook.test", data: {endpoint_id, project_id}}\`, sent once, outside the outbox. ${SIGNING_NOTE}`,
  request: { body: jsonBody(z.strictObject({ endpoint_id: EndpointParam.shape.endpoint_id }).openapi("SendTestWebhook")) },
  responses: {
    200: jsonResponse(
      z.object({ success: z.boolean(), status_code: z.number().int().nullable(), error_message: z.string().nullable() }).openapi("SendTestWebhookResult"),
      "What the endpoint answered",
    ),
  },
});

const toWire = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  enabled: endpoint.enabled,
  events: endpoint.events,
  secret_created_at_millis: endpoint.secretCreatedAtMillis,
});

export function registerWebhookEndpointRoutes(router: Router): void {
  router.openapi(listRoute, async (c) => {
    const endpoints = await listEndpoints(c.var.deps, c.var.auth.tenancy);
    return c.json({ items: endpoints.map(toWire), is_paginated: false }, 200);
  });

  router.openapi(createRoute, async (c) => {
    const { endpoint, secret } = await createEndpoint(c.var.deps, c.var.auth.tenancy, c.req.valid("json"));
    return c.json({ ...toWire(endpoint), secret }, 201);
  });

  router.openapi(getRoute, async (c) => c.json(toWire(await getEndpoint(c.var.deps, c.var.auth.tenancy, c.req.valid("param").endpoint_id)), 200));

  router.openapi(updateRoute, async (c) => {
    const endpoint = await updateEndpoint(c.var.deps, c.var.auth.tenancy, c.req.valid("param").endpoint_id, c.req.valid("json"));
    return c.json(toWire(endpoint), 200);
  });

  router.openapi(deleteRoute, async (c) => {
    await deleteEndpoint(c.var.deps, c.var.auth.tenancy, c.req.valid("param").endpoint_id);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(rotateRoute, async (c) => {
    const secret = await rotateEndpointSecret(c.var.deps, c.var.auth.tenancy, c.req.valid("param").endpoint_id);
    return c.json({ secret }, 200);
  });

  router.openapi(sendTestRoute, async (c) => {
    const result = await sendTestWebhook(c.var.deps, c.var.auth.tenancy, c.req.valid("json").endpoint_id);
    return c.json({ success: result.success, status_code: result.statusCode, error_message: result.error }, 200);
  });
}
