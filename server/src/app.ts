import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { KnownError } from "./errors";
import { mountApiReference } from "./http/api-reference";
import { cors } from "./http/cors";
import { mountDevOAuthProvider } from "./http/dev-oauth";
import { isOAuthServerPath, mountOAuthServers } from "./http/oauth-server";
import { isScimPath, mountScimServer } from "./http/scim-server";
import { mountDocs } from "./http/docs";
import type { AppEnv } from "./http/env";
import { applyErrorStatusOverride, renderError } from "./http/error-response";
import { toOpenApi30 } from "./http/openapi-3.0";
import { API_BASE_PATH, buildOpenApiDocument } from "./http/openapi-document";
import { mountHealth } from "./http/health";
import { hostedPlatformOnly } from "./http/hosted-only";
import { mountMetrics } from "./http/metrics-endpoint";
import { requestGuard } from "./http/request-guard";
import { acceptedRequestId } from "./http/request-id";
import { withRequestSpan } from "./http/request-span";
import { operationsByRoute, recordRequest } from "./http/request-metrics";
import { createRouter } from "./http/router";
import { mountWebApp } from "./http/web-app";
import { OPENAPI_TAGS, registerAllRoutes } from "./routes";
import { runInRequestContext } from "./request-context";
import { AI_QUERY_BODY_LIMIT_BYTES } from "./services/ai/messages";
import type { ServiceDeps } from "./services/deps";

const LATEST_API_PATH = "/api/latest";

export interface AppOptions {
  /** The built web app to serve beside the API, when present. */
  webDistDir?: string;
  /** The manual's Markdown pages (docs/), served at /docs when present. */
  docsDir?: string;
}

/** Builds the whole HTTP application. Does no I/O itself: everything stateful arrives in `deps`. */
export function createApp(deps: ServiceDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  // Filled once the API's routes are registered below; requests arrive only after createApp returns.
  let operations = new Map<string, string>();
  app.use("*", async (c, next) => {
    const requestId = acceptedRequestId(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    c.set("deps", deps);
    const started = performance.now();
    await runInRequestContext({ requestId }, deps.settings.tracing ? () => withRequestSpan(c, next) : next);
    // Set on the response's own headers: c.header() on a finished response would copy it
    // into a new one with a streamed body, the costliest part of a small answer.
    // Only under Stack's name: a second, unprefixed header would be one more field in every
    // answer than Stack Auth's API gives, which its clients' and test suite's snapshots see.
    c.res.headers.set("x-stack-request-id", requestId);
    const seconds = (performance.now() - started) / 1000;
    recordRequest(c, operations, seconds);
    if (deps.settings.logRequests) {
      deps.log.info("request", {
        request_id: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(seconds * 10_000) / 10,
      });
    }
  });
  app.onError(renderError);
  // Hono answers a mounted router's misses with the parent's handler, so the API's is set here.
  app.notFound((c) => {
    if (c.req.path !== API_BASE_PATH && !c.req.path.startsWith(`${API_BASE_PATH}/`)) return c.text("404 Not Found", 404);
    return renderError(hostedPlatformOnly(c.req.path) ?? new KnownError("ROUTE_NOT_FOUND", { method: c.req.method, path: c.req.path }), c);
  });

  mountHealth(app);
  mountMetrics(app, deps.settings.metricsToken);

  // A project's OAuth server parses its own bodies and sets its own CORS headers (http/oauth-server.ts);
  // the SCIM endpoints, called server to server, bound and read their own bodies (http/scim-server.ts).
  const exceptOAuthServers =
    (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
    (c, next) =>
      isOAuthServerPath(c.req.path) || isScimPath(c.req.path) ? next() : middleware(c, next);
  app.use(`${API_BASE_PATH}/*`, exceptOAuthServers(cors()), async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
    applyErrorStatusOverride(c);
  });
  const limitBodyTo = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is still on the socket; closing beats reading megabytes nobody wants.
        c.header("connection", "close");
        throw new KnownError("BODY_PARSING_ERROR", { message: `the body is larger than the limit of ${maxSize} bytes` });
      },
    });
  const limitBody = limitBodyTo(deps.settings.bodyLimitBytes);
  // AI queries carry inline images (services/ai/messages.ts bounds them one by one).
  const limitAiQueryBody = limitBodyTo(Math.max(deps.settings.bodyLimitBytes, AI_QUERY_BODY_LIMIT_BYTES));
  app.use(
    `${API_BASE_PATH}/*`,
    // A GET or HEAD request has no body to limit, and asking would build a web Request for it.
    exceptOAuthServers((c, next) => {
      if (c.req.method === "GET" || c.req.method === "HEAD") return next();
      return c.req.path.startsWith(`${API_BASE_PATH}/ai/query/`) ? limitAiQueryBody(c, next) : limitBody(c, next);
    }),
    exceptOAuthServers(requestGuard()),
  );

  mountOAuthServers(app);
  mountScimServer(app);

  const api = createRouter();
  registerAllRoutes(api);
  operations = operationsByRoute(api, API_BASE_PATH);
  // Built when first asked for: converting every route's schemas takes most of a second, which
  // would otherwise stand between a (re)started process and its first answer.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let document30: ReturnType<typeof toOpenApi30> | undefined;
  const openApiDocument = () => (document ??= buildOpenApiDocument(api, OPENAPI_TAGS));
  api.get("/openapi.json", (c) => c.json(openApiDocument()));
  api.get("/openapi-3.0.json", (c) => c.json((document30 ??= toOpenApi30(openApiDocument()))));
  // The API root answers with or without its trailing slash, as other clients and the fuzzer write it both ways.
  app.get(`${API_BASE_PATH}/`, (c) => {
    const url = new URL(c.req.url);
    url.pathname = API_BASE_PATH;
    return app.fetch(new Request(url, c.req.raw), c.env);
  });
  app.route(API_BASE_PATH, api);
  // Stack Auth serves its API under /api/latest as well, and its SDKs and helpers call both.
  app.all(`${LATEST_API_PATH}/*`, (c) => {
    const url = new URL(c.req.url);
    url.pathname = API_BASE_PATH + url.pathname.slice(LATEST_API_PATH.length);
    return app.fetch(new Request(url, c.req.raw), c.env);
  });

  mountApiReference(app, `${API_BASE_PATH}/openapi.json`);
  mountDevOAuthProvider(app, deps.settings);
  // Before the web app, whose catch-all answers every path it does not know.
  if (options.docsDir) mountDocs(app, options.docsDir);
  if (options.webDistDir && deps.settings.serveWeb) mountWebApp(app, options.webDistDir);

  return { app, openApiDocument };
}

/** The OpenAPI document alone, for the emit script: the routes need no dependencies to describe themselves. */
export function createApiDocument() {
  const api = createRouter();
  registerAllRoutes(api);
  return buildOpenApiDocument(api, OPENAPI_TAGS);
}

export type GatehouseApp = ReturnType<typeof createApp>["app"];
