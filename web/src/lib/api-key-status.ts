import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export type ApiKeyStatus = "Active" | "Expired" | "Revoked";

/** SPEC §4: revoked wins over expired; a key with neither is active. User, team and project keys alike. */
export function apiKeyStatus(key: { manually_revoked_at_millis?: number; expires_at_millis?: number }, now = Date.now()): ApiKeyStatus {
  if (key.manually_revoked_at_millis !== undefined) return "Revoked";
  if (key.expires_at_millis !== undefined && key.expires_at_millis <= now) return "Expired";
  return "Active";
}

export const STATUS_COLORS: Record<ApiKeyStatus, string> = { Active: "green", Expired: "gray", Revoked: "red" };

/** What a status badge says, in the page's language (the status itself stays an English key). */
export const STATUS_LABELS: Record<ApiKeyStatus, MessageDescriptor> = { Active: msg`Active`, Expired: msg`Expired`, Revoked: msg`Revoked` };
