import type { AppConfig } from "../../config/env";
import type { Db } from "../../db/db";
import { createClickHouseAnalyticsEngine } from "./clickhouse-engine";
import type { AnalyticsEngine } from "./engine";
import { createPostgresAnalyticsEngine } from "./postgres-engine";

/** The engine the settings choose (ANALYTICS_ENGINE); the built-in one by default. */
export function createAnalyticsEngine(db: Db, settings: AppConfig["analytics"]): AnalyticsEngine {
  return settings.engine === "builtin" ? createPostgresAnalyticsEngine(db) : createClickHouseAnalyticsEngine(settings);
}
