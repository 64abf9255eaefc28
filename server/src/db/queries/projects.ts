import type { Project } from "../../domain/projects";
import type { Queryable } from "../db";
import { toMillis } from "./rows";

interface ProjectRow {
  id: string;
  display_name: string;
  description: string;
  is_production_mode: boolean;
  owner_team_id: string | null;
  logo_url: string | null;
  full_logo_url: string | null;
  logo_dark_mode_url: string | null;
  logo_full_dark_mode_url: string | null;
  onboarding_status: string;
  is_development_environment: boolean;
  created_at: Date;
}

const PROJECT_COLUMNS =
  "p.id, p.display_name, p.description, p.is_production_mode, p.owner_team_id, p.logo_url, p.full_logo_url, " +
  "p.logo_dark_mode_url, p.logo_full_dark_mode_url, p.onboarding_status, p.is_development_environment, p.created_at";

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    displayName: row.display_name,
    description: row.description,
    isProductionMode: row.is_production_mode,
    ownerTeamId: row.owner_team_id,
    logoUrl: row.logo_url,
    fullLogoUrl: row.full_logo_url,
    logoDarkModeUrl: row.logo_dark_mode_url,
    fullLogoDarkModeUrl: row.logo_full_dark_mode_url,
    onboardingStatus: row.onboarding_status,
    isDevelopmentEnvironment: row.is_development_environment,
    createdAtMillis: toMillis(row.created_at),
  };
}

export interface ProjectWithOverrides {
  project: Project;
  branchExists: boolean;
  overrides: Partial<Record<"project" | "branch" | "environment", Record<string, unknown>>>;
}

/** The project, whether the branch exists, and the overrides that apply to that branch: one round trip. */
export async function findProjectWithOverrides(
  q: Queryable,
  projectId: string,
  branchId: string,
): Promise<ProjectWithOverrides | null> {
  const rows = await q.query<ProjectRow & { branch_exists: boolean; overrides: ProjectWithOverrides["overrides"] }>(
    `SELECT ${PROJECT_COLUMNS},
       EXISTS (SELECT 1 FROM branches b WHERE b.project_id = p.id AND b.id = $2) AS branch_exists,
       COALESCE((SELECT jsonb_object_agg(co.level, co.override) FROM config_overrides co
                 WHERE co.project_id = p.id AND (co.level = 'project' OR co.branch_id = $2)), '{}'::jsonb) AS overrides
     FROM projects p WHERE p.id = $1`,
    [projectId, branchId],
  );
  const row = rows[0];
  if (!row) return null;
  return { project: toProject(row), branchExists: row.branch_exists, overrides: row.overrides };
}

type LogoFields = "logoUrl" | "fullLogoUrl" | "logoDarkModeUrl" | "fullLogoDarkModeUrl";

export async function insertProject(
  q: Queryable,
  project: Pick<Project, "id" | "displayName" | "description" | "isProductionMode" | "ownerTeamId"> &
    Partial<Pick<Project, LogoFields | "onboardingStatus" | "isDevelopmentEnvironment">>,
): Promise<Project> {
  const rows = await q.query<ProjectRow>(
    `INSERT INTO projects AS p (id, display_name, description, is_production_mode, owner_team_id, logo_url, full_logo_url,
       logo_dark_mode_url, logo_full_dark_mode_url, onboarding_status, is_development_environment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10, 'completed'), COALESCE($11, false)) RETURNING ${PROJECT_COLUMNS}`,
    [
      project.id,
      project.displayName,
      project.description,
      project.isProductionMode,
      project.ownerTeamId,
      project.logoUrl ?? null,
      project.fullLogoUrl ?? null,
      project.logoDarkModeUrl ?? null,
      project.fullLogoDarkModeUrl ?? null,
      project.onboardingStatus ?? null,
      project.isDevelopmentEnvironment ?? null,
    ],
  );
  await q.query("INSERT INTO branches (project_id, id) VALUES ($1, 'main')", [project.id]);
  return toProject(rows[0]!);
}

export async function projectExists(q: Queryable, projectId: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM projects WHERE id = $1", [projectId]);
  return rows.length > 0;
}

export type ProjectChanges = Partial<Pick<Project, "displayName" | "description" | "isProductionMode" | "onboardingStatus" | LogoFields>>;

export async function updateProject(q: Queryable, projectId: string, changes: ProjectChanges): Promise<void> {
  // A logo given as null is removed; one not given stays.
  const logo = (value: string | null | undefined) => [value !== undefined, value ?? null];
  await q.query(
    `UPDATE projects SET
       display_name = COALESCE($2, display_name),
       description = COALESCE($3, description),
       is_production_mode = COALESCE($4, is_production_mode),
       onboarding_status = COALESCE($5, onboarding_status),
       logo_url = CASE WHEN $6::boolean THEN $7 ELSE logo_url END,
       full_logo_url = CASE WHEN $8::boolean THEN $9 ELSE full_logo_url END,
       logo_dark_mode_url = CASE WHEN $10::boolean THEN $11 ELSE logo_dark_mode_url END,
       logo_full_dark_mode_url = CASE WHEN $12::boolean THEN $13 ELSE logo_full_dark_mode_url END
     WHERE id = $1`,
    [
      projectId,
      changes.displayName ?? null,
      changes.description ?? null,
      changes.isProductionMode ?? null,
      changes.onboardingStatus ?? null,
      ...logo(changes.logoUrl),
      ...logo(changes.fullLogoUrl),
      ...logo(changes.logoDarkModeUrl),
      ...logo(changes.fullLogoDarkModeUrl),
    ],
  );
}

/** Projects owned by any team the given user of the internal project belongs to. */
export async function listProjectsOwnedByUser(q: Queryable, internalUserId: string): Promise<Project[]> {
  const rows = await q.query<ProjectRow>(
    `SELECT DISTINCT ${PROJECT_COLUMNS} FROM projects p
     JOIN team_members tm ON tm.project_id = 'internal' AND tm.branch_id = 'main' AND tm.team_id = p.owner_team_id
     WHERE tm.user_id = $1
     ORDER BY p.created_at, p.id`,
    [internalUserId],
  );
  return rows.map(toProject);
}

export async function isProjectOwnedByUser(q: Queryable, projectId: string, internalUserId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM projects p
     JOIN team_members tm ON tm.project_id = 'internal' AND tm.branch_id = 'main' AND tm.team_id = p.owner_team_id
     WHERE p.id = $1 AND tm.user_id = $2`,
    [projectId, internalUserId],
  );
  return rows.length > 0;
}

/**
 * Deletes the project and, through ON DELETE CASCADE, everything it holds: branches, config,
 * keys, users with their sessions and channels, teams, grants, codes, mail, vault values.
 */
export async function deleteProject(q: Queryable, projectId: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM projects WHERE id = $1 RETURNING id", [projectId]);
  // The metrics counters carry no foreign key (the cascade's own triggers write them): cleared after it.
  for (const counters of ["user_counts", "daily_active_counts", "last_active_counts", "team_counts"]) {
    await q.query(`DELETE FROM ${counters} WHERE project_id = $1`, [projectId]);
  }
  return rows.length > 0;
}

export async function setProjectOwnerTeam(q: Queryable, projectId: string, ownerTeamId: string): Promise<void> {
  await q.query("UPDATE projects SET owner_team_id = $2 WHERE id = $1", [projectId, ownerTeamId]);
}

const BOOTSTRAP_LOCK_KEY = 4_242_002;

/**
 * Holds the start-up bootstrap lock until the transaction ends: processes starting together
 * create the internal project and its seeded keys one after the other, not both at once.
 */
export async function lockBootstrap(q: Queryable): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock($1)", [BOOTSTRAP_LOCK_KEY]);
}
