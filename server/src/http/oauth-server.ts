import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context, Hono } from "hono";
import type Provider from "oidc-provider";
import { oauthServerFor, oauthServerPath, protectedResourceMetadata } from "../services/oauth-apps/provider";
import { API_BASE_PATH } from "./openapi-document";
import type { AppEnv } from "./env";

/**
 * Mounts each project's OAuth 2.1 authorization server and OpenID provider
 * (services/oauth-apps/provider.ts) at /api/v1/projects/<project>/oauth2, and its metadata at
 * the RFC 8414 address (/.well-known/oauth-authorization-server/api/v1/projects/<project>/oauth2)
 * and the one MCP clients also try (/.well-known/openid-configuration/<same path>); and, for each
 * of the project's resources, RFC 9728 protected resource metadata at
 * <issuer>/resources/<id>/.well-known/oauth-protected-resource.
 *
 * oidc-provider is a Koa application: it answers on the Node server's own request and response,
 * parses its own bodies and sets its own CORS headers, so the API's body guard and CORS stand
 * aside for these paths (isOAuthServerPath). A request made in process (`app.request`) has no
 * Node request and is answered 503.
 */
const OAUTH_SERVER_PATH = /^\/api\/v1\/projects\/[^/]+\/oauth2(?:\/|$)/;

export function isOAuthServerPath(path: string): boolean {
  return OAUTH_SERVER_PATH.test(path);
}

function oauthError(c: Context<AppEnv>, status: 404 | 503, description: string) {
  return c.json({ error: status === 404 ? "not_found" : "temporarily_unavailable", error_description: description }, status, { "cache-control": "no-store" });
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
};

export function mountOAuthServers(app: Hono<AppEnv>): void {
  const callbacks = new WeakMap<Provider, ReturnType<Provider["callback"]>>();
  const serve = async (c: Context<AppEnv>, projectId: string, pathInside: string) => {
    const deps = c.var.deps;
    const bindings = c.env as Partial<HttpBindings> | undefined;
    if (!bindings?.incoming || !bindings.outgoing) return oauthError(c, 503, "The OAuth server needs the Node server.");
    const lookup = await deps.tenancies.lookup(projectId);
    if (!lookup.found || !lookup.tenancy.config.oauthServer.enabled) {
      // One answer for a project that does not exist and one that is not an OAuth server.
      return oauthError(c, 404, "This project is not an OAuth server.");
    }
    const resourceId = /^\/resources\/([^/]+)\/\.well-known\/oauth-protected-resource$/.exec(pathInside)?.[1];
    if (resourceId !== undefined) {
      const metadata = c.req.method === "GET" ? protectedResourceMetadata(deps.settings.publicUrl, lookup.tenancy, safeDecode(resourceId)) : null;
      if (!metadata) return oauthError(c, 404, "This project has no such resource.");
      return c.json(metadata, 200, { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" });
    }
    const provider = await oauthServerFor(deps, projectId);
    const req = bindings.incoming;
    const res = bindings.outgoing;
    const query = req.url?.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
    // oidc-provider finds its mount path by comparing these two (the metadata aliases included).
    Object.assign(req, { originalUrl: `${oauthServerPath(projectId)}${pathInside}${query}`, url: `${pathInside}${query}` });
    let callback = callbacks.get(provider);
    if (!callback) callbacks.set(provider, (callback = provider.callback()));
    const handle = callback;
    await new Promise<void>((resolve) => {
      res.once("finish", resolve);
      res.once("close", resolve);
      void handle(req, res);
    });
    return RESPONSE_ALREADY_SENT;
  };

  app.all(`${API_BASE_PATH}/projects/:projectId/oauth2`, (c) => serve(c, c.req.param("projectId"), "/"));
  app.all(`${API_BASE_PATH}/projects/:projectId/oauth2/*`, (c) => {
    const projectId = c.req.param("projectId");
    return serve(c, projectId, c.req.path.slice(oauthServerPath(projectId).length) || "/");
  });
  for (const wellKnown of ["oauth-authorization-server", "openid-configuration"]) {
    app.get(`/.well-known/${wellKnown}${API_BASE_PATH}/projects/:projectId/oauth2`, (c) =>
      serve(c, c.req.param("projectId"), "/.well-known/openid-configuration"),
    );
  }
}
