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
