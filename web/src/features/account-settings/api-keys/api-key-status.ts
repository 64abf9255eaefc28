import type { UserApiKey } from "@gatehouse/clients/react";

export type ApiKeyStatus = "Active" | "Expired" | "Revoked";

/** SPEC §4: revoked wins over expired; a key with neither is active. */
export function apiKeyStatus(key: UserApiKey, now = Date.now()): ApiKeyStatus {
  if (key.manually_revoked_at_millis !== undefined) return "Revoked";
  if (key.expires_at_millis !== undefined && key.expires_at_millis <= now) return "Expired";
  return "Active";
}

export const STATUS_COLORS: Record<ApiKeyStatus, string> = { Active: "green", Expired: "gray", Revoked: "red" };
