import type { AppConfig } from "../../config/env";
import type { Db } from "../../db/db";
import type { AnalyticsEngine } from "./engine";
import { createPostgresAnalyticsEngine } from "./postgres-engine";

/** The engine the settings choose (ANALYTICS_ENGINE); the built-in one by default. */
export function createAnalyticsEngine(db: Db, settings: AppConfig["analytics"]): AnalyticsEngine {
  if (settings.engine === "builtin") return createPostgresAnalyticsEngine(db);
  throw new Error(`ANALYTICS_ENGINE=${settings.engine} is not available in this build`);
}
