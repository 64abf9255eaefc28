import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";

const getBackendUrlsRoute = createRoute({
  operationId: "getBackendUrls",
  method: "get",
  path: "/internal/backend-urls",
  tags: ["Misc"],
  summary: "This server's public URLs",
  security: [],
  responses: { 200: jsonResponse(z.object({ urls: z.array(z.string()) }).openapi("BackendUrls"), "Public URLs") },
});

const checkFeatureSupportRoute = createRoute({
  operationId: "checkFeatureSupport",
  method: "post",
  path: "/check-feature-support",
  tags: ["Misc"],
  summary: "Where SDKs report a feature this server does not support",
  security: [],
  request: { body: optionalJsonBody(z.record(z.string(), z.unknown())) },
  responses: {
    200: { description: "A note for the SDK to show", content: { "text/plain": { schema: z.string() } } },
    ...errorResponses(["SCHEMA_ERROR", "BODY_PARSING_ERROR"]),
  },
});

export function registerMiscRoutes(router: Router): void {
  router.openapi(getBackendUrlsRoute, (c) => c.json({ urls: [c.var.deps.settings.publicUrl] }, 200));

  router.openapi(checkFeatureSupportRoute, async (c) => {
    const report = JSON.stringify(await c.req.json().catch(() => ({})));
    c.var.deps.log.warn("An SDK reported an unsupported feature", { report: report.slice(0, 2000) });
    return c.text(`This server does not support the requested feature: ${report.slice(0, 500)}`, 200);
  });
}
