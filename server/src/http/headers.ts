import type { Context } from "hono";

/** Every request header is accepted as `x-stack-<suffix>` (SDK ≤ 2.8.102) or `x-hexclave-<suffix>` (later). */
export function stackHeader(c: Context, suffix: string): string | undefined {
  const value = c.req.header(`x-hexclave-${suffix}`) ?? c.req.header(`x-stack-${suffix}`);
  return value === undefined || value === "" ? undefined : value;
}

export const STACK_HEADER_SUFFIXES = [
  "project-id",
  "access-type",
  "publishable-client-key",
  "secret-server-key",
  "super-secret-admin-key",
  "admin-access-token",
  "access-token",
  "refresh-token",
  "allow-anonymous-user",
  "allow-restricted-user",
  "override-error-status",
  "client-version",
  "random-nonce",
  "branch-id",
] as const;

export type HeaderPrefix = "x-stack-" | "x-hexclave-";

/**
 * The prefixes a response's own headers (known error, actual status) are sent under: the one
 * the request used, so each SDK generation hears its own dialect and nothing else, as Stack
 * Auth answers; both when the request used both or neither (a browser, curl, a public route).
 */
export function responseHeaderPrefixes(c: Context): HeaderPrefix[] {
  const names = Object.keys(c.req.header());
  const stack = names.some((name) => name.startsWith("x-stack-"));
  const hexclave = names.some((name) => name.startsWith("x-hexclave-"));
  if (stack !== hexclave) return [stack ? "x-stack-" : "x-hexclave-"];
  return ["x-stack-", "x-hexclave-"];
}
