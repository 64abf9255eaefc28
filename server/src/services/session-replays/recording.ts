import { KnownError } from "../../errors";
import type { ProjectConfig } from "../project-config/document";
import type { Tenancy } from "../projects/tenancy";

/**
 * Session replays belong to the Analytics app, as in Stack Auth: a project records them only
 * while `apps.installed.analytics.enabled` is on. Reading the replays already recorded is
 * allowed either way.
 */
export function isRecordingOn(config: ProjectConfig): boolean {
  const apps = (config as { apps?: { installed?: Record<string, { enabled?: boolean } | undefined> } }).apps;
  return apps?.installed?.analytics?.enabled === true;
}

export function requireRecordingOn(tenancy: Tenancy): void {
  if (!isRecordingOn(tenancy.config)) throw new KnownError("ANALYTICS_NOT_ENABLED");
}
