import type { Context } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./env";
import type { Router } from "./router";

/** Which operations are sign-ins, and by what method, for gatehouse_sign_ins_total. */
const SIGN_IN_METHODS: Record<string, string> = {
  signInWithPassword: "password",
  signInWithCode: "otp",
  signInWithMfa: "mfa",
  signInWithPasskey: "passkey",
  oauthCallback: "oauth",
  oauthCallbackFormPost: "oauth",
  signInWithAppleNative: "oauth",
  signUpAnonymously: "anonymous",
};

/** `GET /api/v1/users/:user_id` → `getUser`, for every route registered on `router`. */
export function operationsByRoute(router: Router, basePath: string): Map<string, string> {
  const operations = new Map<string, string>();
  // Read from the routes' registrations, not the published document, which is built only when asked for.
  for (const definition of router.openAPIRegistry.definitions) {
    if (definition.type !== "route" || !definition.route.operationId) continue;
    const pattern = basePath + definition.route.path.replace(/\{([^}]+)\}/g, ":$1");
    operations.set(`${definition.route.method.toUpperCase()} ${pattern}`, definition.route.operationId);
  }
  return operations;
}

/**
 * Counts the answered request into the process's metrics. The operation is the operationId of
 * the route that answered, or its pattern (`GET /health/ready`, `GET /*` for the web app);
 * never the raw path. The status is the real one under `x-stack-override-error-status`.
 */
export function recordRequest(c: Context<AppEnv>, operations: Map<string, string>, seconds: number): void {
  const metrics = c.var.deps.metrics;
  const method = c.req.method;
  const pattern = routePath(c) || "*";
  const operation = operations.get(`${method} ${pattern}`) ?? `${method} ${pattern}`;
  const actual = c.res.headers.get("x-stack-actual-status") ?? c.res.headers.get("x-hexclave-actual-status");
  const status = actual ? Number(actual) : c.res.status;
  metrics.observeRequest({ operation, method, status }, seconds);
  const signInMethod = SIGN_IN_METHODS[operation];
  if (signInMethod) {
    const failed = status >= 400;
    const code = failed ? (c.res.headers.get("x-stack-known-error") ?? c.res.headers.get("x-hexclave-known-error") ?? (status === 429 ? "RATE_LIMITED" : "")) : "";
    metrics.countSignIn(signInMethod, failed ? "failure" : "success", code);
  }
}
