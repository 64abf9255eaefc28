import { OpenAPIHono } from "@hono/zod-openapi";
import type { Handler } from "hono";
import { checkingClientAccessRules, type ClientAccessRules } from "./client-access-rules";
import type { AppEnv } from "./env";
import { validationHook } from "./validation";

/**
 * Every area registers its routes on a router made here, so all share the validation hook
 * and the client access rules `authenticatedRoute` records on a route.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const register = router.openapi;
  type RouteArg = Parameters<typeof register>[0] & { clientAccessRules?: ClientAccessRules };
  router.openapi = ((route: RouteArg, handler: Handler<AppEnv>, hook?: Parameters<typeof register>[2]) => {
    // The rules are ours, not OpenAPI's: keep them out of the registered operation.
    const { clientAccessRules, ...config } = route;
    const guarded = clientAccessRules ? checkingClientAccessRules(clientAccessRules, handler) : handler;
    return register(config as Parameters<typeof register>[0], guarded as Parameters<typeof register>[1], hook);
  }) as typeof register;
  return router;
}

export type Router = OpenAPIHono<AppEnv>;
