import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { validationHook } from "./validation";

/** Every area registers its routes on a router made here, so all share the validation hook. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export type Router = OpenAPIHono<AppEnv>;
