import type { Queryable } from "../db";
import { jsonParam } from "./rows";

type Level = "project" | "branch" | "environment";

export async function findOverride(
  q: Queryable,
  projectId: string,
  level: Level,
  branchId: string,
): Promise<Record<string, unknown>> {
  const rows = await q.query<{ override: Record<string, unknown> }>(
    "SELECT override FROM config_overrides WHERE project_id = $1 AND level = $2 AND branch_id = $3",
    [projectId, level, level === "project" ? "" : branchId],
  );
  return rows[0]?.override ?? {};
}

/** Replaces one level's override document. Reads that update it take a row lock first (`FOR UPDATE`). */
export async function upsertOverride(
  q: Queryable,
  projectId: string,
  level: Level,
  branchId: string,
  override: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `INSERT INTO config_overrides (project_id, level, branch_id, override) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (project_id, level, branch_id) DO UPDATE SET override = EXCLUDED.override, updated_at = now()`,
    [projectId, level, level === "project" ? "" : branchId, jsonParam(override)],
  );
}

export async function lockOverride(q: Queryable, projectId: string, level: Level, branchId: string): Promise<void> {
  await q.query(
    `INSERT INTO config_overrides (project_id, level, branch_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [projectId, level, level === "project" ? "" : branchId],
  );
  await q.query("SELECT 1 FROM config_overrides WHERE project_id = $1 AND level = $2 AND branch_id = $3 FOR UPDATE", [
    projectId,
    level,
    level === "project" ? "" : branchId,
  ]);
}

/** Where the branch's configuration was pushed from, or null when it was never said. */
export async function findBranchSource(q: Queryable, projectId: string, branchId: string): Promise<Record<string, unknown> | null> {
  const rows = await q.query<{ source: Record<string, unknown> | null }>(
    "SELECT source FROM config_overrides WHERE project_id = $1 AND level = 'branch' AND branch_id = $2",
    [projectId, branchId],
  );
  return rows[0]?.source ?? null;
}

/** Sets (or with null, forgets) where the branch's configuration was pushed from. */
export async function setBranchSource(q: Queryable, projectId: string, branchId: string, source: Record<string, unknown> | null): Promise<void> {
  await q.query(
    `INSERT INTO config_overrides (project_id, level, branch_id, source) VALUES ($1, 'branch', $2, $3::jsonb)
     ON CONFLICT (project_id, level, branch_id) DO UPDATE SET source = EXCLUDED.source, updated_at = now()`,
    [projectId, branchId, source === null ? null : jsonParam(source)],
  );
}

/** The project's branch and environment overrides, each row locked for the rest of the transaction. */
export async function lockBranchLevelOverrides(
  q: Queryable,
  projectId: string,
): Promise<Array<{ level: "branch" | "environment"; branchId: string; override: Record<string, unknown> }>> {
  const rows = await q.query<{ level: "branch" | "environment"; branch_id: string; override: Record<string, unknown> }>(
    "SELECT level, branch_id, override FROM config_overrides WHERE project_id = $1 AND level <> 'project' ORDER BY level, branch_id FOR UPDATE",
    [projectId],
  );
  return rows.map((row) => ({ level: row.level, branchId: row.branch_id, override: row.override }));
}
