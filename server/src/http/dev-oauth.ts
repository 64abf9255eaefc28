import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context, Hono } from "hono";
import { randomBytes } from "node:crypto";
import { createDevOAuthProvider, DEV_OAUTH_PATH } from "../integrations/dev-oauth-provider";
import { devProviderServed } from "../services/oauth/shared-provider";
import type { AppEnv } from "./env";

/**
 * Mounts the development OAuth provider (integrations/dev-oauth-provider.ts) at /dev-oauth,
 * outside production and only when no OAUTH_SHARED_ISSUER takes its place. It is a Node
 * request handler (oidc-provider is a Koa app), so it answers on the Node server's own request
 * and response; a request made in process (`app.request`, tests) has none and is answered 503.
 */
export function mountDevOAuthProvider(app: Hono<AppEnv>, settings: AppEnv["Variables"]["deps"]["settings"]): void {
  if (!devProviderServed(settings)) return;
  const provider = createDevOAuthProvider({
    publicUrl: settings.publicUrl,
    // The provider's cookies live for one sign-in; a key per process is enough.
    cookieSecret: randomBytes(32).toString("base64url"),
    trustProxy: settings.trustProxy,
  });
  const handler = async (c: Context<AppEnv>) => {
    const bindings = c.env as Partial<HttpBindings> | undefined;
    if (!bindings?.incoming || !bindings.outgoing) return c.text("The development OAuth provider needs the Node server.", 503);
    await provider.handle(bindings.incoming, bindings.outgoing);
    return RESPONSE_ALREADY_SENT;
  };
  app.all(DEV_OAUTH_PATH, handler);
  app.all(`${DEV_OAUTH_PATH}/*`, handler);
}
