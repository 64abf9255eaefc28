export type ApiKeyStatus = "Active" | "Expired" | "Revoked";

/** SPEC §4: revoked wins over expired; a key with neither is active. User, team and project keys alike. */
export function apiKeyStatus(key: { manually_revoked_at_millis?: number; expires_at_millis?: number }, now = Date.now()): ApiKeyStatus {
  if (key.manually_revoked_at_millis !== undefined) return "Revoked";
  if (key.expires_at_millis !== undefined && key.expires_at_millis <= now) return "Expired";
  return "Active";
}

export const STATUS_COLORS: Record<ApiKeyStatus, string> = { Active: "green", Expired: "gray", Revoked: "red" };
