/**
 * Svix's API for the project's webhooks (served under `/webhooks/svix`, so a Svix client's
 * `serverUrl` is `<PUBLIC_URL>/api/v1/webhooks/svix`), and the token route Stack Auth's SDK calls
 * for it. Names and shapes are Svix's (camelCase, `ListResponse` pages, numeric statuses), since
 * its clients (`svix`, `svix-react`) parse them; the rules are the project's own webhooks'.
 */
import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import type { KnownErrorCode } from "../../errors";
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, updateEndpoint, type WebhookEndpoint } from "../../services/webhooks/endpoints";
import { WEBHOOK_EVENT_TYPES } from "../../services/webhooks/events";
import { createPortalToken, getMessage, listEndpointAttempts, tenancyOfPortalToken, type EndpointAttempt } from "../../services/webhooks/portal";

const SVIX = "/webhooks/svix/api/v1/app/{app_id}";

const svixTokenRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "createSvixToken",
  method: "post",
  path: "/webhooks/svix-token",
  tags: ["Webhooks"],
  summary: "A token for the Svix-compatible webhook API",
  description:
    "For Svix clients (Stack Auth's dashboard uses `svix-react`) with `serverUrl` `<PUBLIC_URL>/api/v1/webhooks/svix` and the project id " +
    "as the app id. The token works for a day; made with a project owner's session, it stops when that session ends or the user no " +
    "longer owns the project. `url` (Svix's hosted app portal) is never set.",
  request: { body: jsonBody(z.object({}).openapi("SvixTokenRequest")) },
  responses: { 200: jsonResponse(z.object({ token: z.string(), url: z.string().optional() }).openapi("SvixToken"), "The token") },
});

const PortalHeaders = z.object({
  authorization: z.string().max(1024).optional().openapi({ param: { name: "authorization", in: "header" }, description: "`Bearer <token from POST /webhooks/svix-token>`" }),
});
const AppParam = z.object({ app_id: z.string().min(1).max(128).openapi({ param: { name: "app_id", in: "path" }, description: "The project id." }) });
const EndpointParams = AppParam.extend({ endpoint_id: z.string().min(1).max(63).openapi({ param: { name: "endpoint_id", in: "path" } }) });
const MessageParams = AppParam.extend({ msg_id: z.string().min(1).max(64).openapi({ param: { name: "msg_id", in: "path" } }) });

const EventTypes = z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length);

const SvixEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    disabled: z.boolean(),
    filterTypes: z.array(z.string()).nullable().openapi({ description: "The events it takes; null takes every event." }),
    channels: z.null(),
    uid: z.null(),
    rateLimit: z.null(),
    throttleRate: z.null(),
    version: z.number().int(),
    metadata: z.record(z.string(), z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("SvixEndpoint");

const SvixEndpointIn = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2048).openapi({ description: "http or https; private and local addresses only where the project allows localhost." }),
    description: z.string().max(1024).optional(),
    disabled: z.boolean().optional(),
    filterTypes: EventTypes.nullable().optional(),
  })
  .openapi({ description: "Svix's other endpoint fields (channels, uid, rate limits, headers, metadata, a chosen secret) are not offered and are ignored." });

const listOf = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ data: z.array(item), iterator: z.string().nullable(), prevIterator: z.string().nullable(), done: z.boolean() }).openapi(name);

const SvixAttemptSchema = z
  .object({
    id: z.string(),
    msgId: z.string(),
    endpointId: z.string(),
    url: z.string(),
    response: z.string().openapi({ description: "Why the try failed, when it did; the response body is not kept." }),
    responseStatusCode: z.number().int().openapi({ description: "0 when no answer came." }),
    responseDurationMs: z.number().int(),
    status: z.union([z.literal(0), z.literal(2)]).openapi({ description: "0 success, 2 failed (Svix's message status)." }),
    statusText: z.enum(["success", "fail"]),
    triggerType: z.literal(0).openapi({ description: "0: scheduled by the outbox." }),
    timestamp: z.string(),
  })
  .openapi("SvixMessageAttempt");

const SvixMessageSchema = z
  .object({
    id: z.string(),
    eventType: z.string(),
    payload: z.record(z.string(), z.unknown()).openapi({ description: "The body sent: `{type, data}`." }),
    timestamp: z.string(),
    channels: z.null(),
    eventId: z.null(),
  })
  .openapi("SvixMessage");

const PORTAL_ERRORS: KnownErrorCode[] = ["WEBHOOK_PORTAL_TOKEN_INVALID"];

const portalRoute = <T extends Omit<Parameters<typeof publicRoute>[1], "tags">>(errors: KnownErrorCode[], spec: T) =>
  publicRoute([...PORTAL_ERRORS, ...errors], { ...spec, tags: ["Webhooks"] });

const listEndpointsRoute = portalRoute([], {
  operationId: "svixListEndpoints",
  method: "get",
  path: `${SVIX}/endpoint`,
  summary: "Svix: the project's webhook endpoints",
  request: { headers: PortalHeaders, params: AppParam },
  responses: { 200: jsonResponse(listOf(SvixEndpointSchema, "SvixEndpointList"), "Every endpoint, on one page") },
});

const createEndpointRoute = portalRoute([], {
  operationId: "svixCreateEndpoint",
  method: "post",
  path: `${SVIX}/endpoint`,
  summary: "Svix: add a webhook endpoint",
  description: "As `POST /internal/webhooks/endpoints`; its signing secret is not shown here (rotate it with that API to read one).",
  request: { headers: PortalHeaders, params: AppParam, body: jsonBody(SvixEndpointIn.openapi("SvixEndpointIn")) },
  responses: { 201: jsonResponse(SvixEndpointSchema, "The endpoint") },
});

const getEndpointRoute = portalRoute(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "svixGetEndpoint",
  method: "get",
  path: `${SVIX}/endpoint/{endpoint_id}`,
  summary: "Svix: one webhook endpoint",
  request: { headers: PortalHeaders, params: EndpointParams },
  responses: { 200: jsonResponse(SvixEndpointSchema, "The endpoint") },
});

const updateEndpointRoute = portalRoute(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "svixUpdateEndpoint",
  method: "put",
  path: `${SVIX}/endpoint/{endpoint_id}`,
  summary: "Svix: change a webhook endpoint",
  description: "Svix's update replaces the endpoint: a field left out takes its default (no description, enabled, every event).",
  request: { headers: PortalHeaders, params: EndpointParams, body: jsonBody(SvixEndpointIn.openapi("SvixEndpointUpdate")) },
  responses: { 200: jsonResponse(SvixEndpointSchema, "The endpoint as changed") },
});

const deleteEndpointRoute = portalRoute(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "svixDeleteEndpoint",
  method: "delete",
  path: `${SVIX}/endpoint/{endpoint_id}`,
  summary: "Svix: remove a webhook endpoint",
  request: { headers: PortalHeaders, params: EndpointParams },
  responses: { 204: { description: "Removed" } },
});

const listAttemptsRoute = portalRoute(["WEBHOOK_ENDPOINT_NOT_FOUND"], {
  operationId: "svixListEndpointAttempts",
  method: "get",
  path: `${SVIX}/attempt/endpoint/{endpoint_id}`,
  summary: "Svix: the tries of an endpoint's messages, newest first",
  description: "A page holds every try of up to `limit` messages; `iterator` is the last page's.",
  request: {
    headers: PortalHeaders,
    params: EndpointParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(250).default(50),
      iterator: z.uuid().optional().openapi({ description: "From the previous page." }),
    }),
  },
  responses: { 200: jsonResponse(listOf(SvixAttemptSchema, "SvixMessageAttemptList"), "The tries") },
});

const getMessageRoute = portalRoute(["WEBHOOK_MESSAGE_NOT_FOUND"], {
  operationId: "svixGetMessage",
  method: "get",
  path: `${SVIX}/msg/{msg_id}`,
  summary: "Svix: one message (event) and its body",
  request: { headers: PortalHeaders, params: MessageParams, query: z.object({ with_content: z.enum(["true", "false"]).optional() }) },
  responses: { 200: jsonResponse(SvixMessageSchema, "The message") },
});

const iso = (millis: number | null) => new Date(millis ?? 0).toISOString();

function toSvixEndpoint(endpoint: WebhookEndpoint) {
  // Endpoints are configuration and keep no times of their own; their secret's is the closest.
  const at = iso(endpoint.secretCreatedAtMillis);
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description ?? "",
    disabled: !endpoint.enabled,
    filterTypes: endpoint.events.length > 0 ? endpoint.events : null,
    channels: null,
    uid: null,
    rateLimit: null,
    throttleRate: null,
    version: 1,
    metadata: {},
    createdAt: at,
    updatedAt: at,
  };
}

function toSvixAttempt(endpoint: WebhookEndpoint, attempt: EndpointAttempt) {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return {
    id: `atmpt_${attempt.deliveryId.replaceAll("-", "")}_${attempt.attempt}`,
    msgId: attempt.messageId,
    endpointId: endpoint.id,
    url: endpoint.url,
    response: attempt.error ?? "",
    responseStatusCode: attempt.statusCode ?? 0,
    responseDurationMs: attempt.durationMs,
    status: ok ? (0 as const) : (2 as const),
    statusText: ok ? ("success" as const) : ("fail" as const),
    triggerType: 0 as const,
    timestamp: iso(attempt.attemptedAtMillis),
  };
}

const endpointChanges = (body: z.infer<typeof SvixEndpointIn>) => ({
  url: body.url,
  description: body.description || null,
  enabled: body.disabled !== true,
  events: body.filterTypes ?? [],
});

export function registerSvixRoutes(router: Router): void {
  router.openapi(svixTokenRoute, async (c) => {
    const auth = c.var.auth;
    return c.json({ token: await createPortalToken(c.var.deps, auth.tenancy, auth.owner ?? null) }, 200);
  });

  router.openapi(listEndpointsRoute, async (c) => {
    const tenancy = await tenancyOfPortalToken(c.var.deps, c.req.valid("header").authorization, c.req.valid("param").app_id);
    const endpoints = await listEndpoints(c.var.deps, tenancy);
    return c.json({ data: endpoints.map(toSvixEndpoint), iterator: null, prevIterator: null, done: true }, 200);
  });

  router.openapi(createEndpointRoute, async (c) => {
    const tenancy = await tenancyOfPortalToken(c.var.deps, c.req.valid("header").authorization, c.req.valid("param").app_id);
    const { endpoint } = await createEndpoint(c.var.deps, tenancy, endpointChanges(c.req.valid("json")));
    return c.json(toSvixEndpoint(endpoint), 201);
  });

  router.openapi(getEndpointRoute, async (c) => {
    const params = c.req.valid("param");
    const tenancy = await tenancyOfPortalToken(c.var.deps, c.req.valid("header").authorization, params.app_id);
    return c.json(toSvixEndpoint(await getEndpoint(c.var.deps, tenancy, params.endpoint_id)), 200);
  });

  router.openapi(updateEndpointRoute, async (c) => {
    const params = c.req.valid("param");
    const tenancy = await tenancyOfPortalToken(c.var.deps, c.req.valid("header").authorization, params.app_id);
    const endpoint = await updateEndpoint(c.var.deps, tenancy, params.endpoint_id, endpointChanges(c.req.valid("json")));
    return c.json(toSvixEndpoint(endpoint), 200);
  });

  router.openapi(deleteEndpointRoute, async (c) => {
    const params = c.req.valid("param");
    const tenancy = await tenancyOfPortalToken(c.var.deps, c.req.valid("header").authorization, params.app_id);
    await deleteEndpoint(c.var.deps, tenancy, params.endpoint_id);
    return c.body(null, 204);
  });

  router.openapi(listAttemptsRoute, async (c) => {
    const params = c.req.valid("param");
    const query = c.req.valid("query");
    const tenancy = await tenancyOfPortalToken(c.var.deps, c.req.valid("header").authorization, params.app_id);
    const page = await listEndpointAttempts(c.var.deps, tenancy, params.endpoint_id, { limit: query.limit, cursor: query.iterator });
    const data = page.attempts.map((attempt) => toSvixAttempt(page.endpoint, attempt));
    return c.json({ data, iterator: page.nextCursor, prevIterator: null, done: page.nextCursor === null }, 200);
  });

  router.openapi(getMessageRoute, async (c) => {
    const params = c.req.valid("param");
    const tenancy = await tenancyOfPortalToken(c.var.deps, c.req.valid("header").authorization, params.app_id);
    const message = await getMessage(c.var.deps, tenancy, params.msg_id);
    return c.json(
      { id: message.messageId, eventType: message.eventType, payload: JSON.parse(message.body) as Record<string, unknown>, timestamp: iso(message.createdAtMillis), channels: null, eventId: null },
      200,
    );
  });
}
