import type { Context } from "hono";
import type { ClientInfo } from "../services/client-info";

/** Informational only (shown in session lists), so a proxy-supplied address is acceptable here. */
export function clientInfo(c: Context): ClientInfo {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  return {
    ip: forwarded || c.req.header("x-real-ip") || null,
    userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
  };
}
