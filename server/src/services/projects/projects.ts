import { newId } from "../../crypto/random";
import { recordAuditEvent } from "../audit-log/record";
import { lockOverride, findOverride, upsertOverride } from "../../db/queries/config-overrides";
import {
  deleteProject,
  findProjectWithOverrides,
  insertProject,
  isProjectOwnedByUser,
  setProjectOwnerTeam,
  listProjectsOwnedByUser,
  updateProject,
  type ProjectChanges,
} from "../../db/queries/projects";
import { isTeamMember } from "../../db/queries/teams";
import { KnownError } from "../../errors";
import type { Queryable } from "../../db/db";
import type { ConfigOverride } from "../project-config/document";
import { productionModeProblems } from "../project-config/production-mode";
import { sharedProviderProblems } from "../oauth/shared-provider";
import { overrideWith, renderConfig } from "../project-config/render";
import { projectConfigPatchToOverride, type ProjectConfigPatch } from "../project-config/project-view";
import type { ServiceDeps } from "../deps";
import { findTheme } from "../emails/rendering/render-email";
import { hasTeamPermission } from "../permissions/check";
import { INTERNAL_TENANT } from "./ownership";
import { STARTER_RBAC_OVERRIDE } from "../permissions/starter-definitions";
import type { Tenancy } from "./tenancy";
import type { Project } from "../../domain/projects";

export interface ProjectInput extends ProjectChanges {
  config?: ProjectConfigPatch;
  /** At creation only. */
  isDevelopmentEnvironment?: boolean;
}

/**
 * What a new project's environment override starts with, where the creation request does not
 * say otherwise (as Stack Auth starts one): the starter team permissions, password sign-in,
 * localhost allowed, and the authentication and e-mail apps switched on.
 */
const NEW_PROJECT_OVERRIDE: ConfigOverride = {
  ...STARTER_RBAC_OVERRIDE,
  "auth.password.allowSignIn": true,
  "domains.allowLocalhost": true,
  "apps.installed.authentication.enabled": true,
  "apps.installed.emails.enabled": true,
};

/** Creates a project owned by one of the calling internal user's teams. */
export async function createOwnedProject(
  deps: ServiceDeps,
  internalUserId: string,
  input: ProjectInput & { displayName: string; ownerTeamId: string },
): Promise<Project> {
  if (!(await isTeamMember(deps.db, INTERNAL_TENANT, input.ownerTeamId, internalUserId))) {
    throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: input.ownerTeamId, user_id: internalUserId });
  }
  const projectId = newId();
  await deps.db.transaction(async (tx) => {
    await insertProject(tx, {
      id: projectId,
      displayName: input.displayName,
      description: input.description ?? "",
      isProductionMode: input.isProductionMode ?? false,
      ownerTeamId: input.ownerTeamId,
      logoUrl: input.logoUrl,
      fullLogoUrl: input.fullLogoUrl,
      logoDarkModeUrl: input.logoDarkModeUrl,
      fullLogoDarkModeUrl: input.fullLogoDarkModeUrl,
      onboardingStatus: input.onboardingStatus,
      isDevelopmentEnvironment: input.isDevelopmentEnvironment,
    });
    const requested = input.config ? projectConfigPatchToOverride(input.config) : {};
    await upsertOverride(tx, projectId, "environment", "main", overrideWith(NEW_PROJECT_OVERRIDE, requested));
    await assertConsistent(deps, tx, projectId, "main", input.config);
  });
  // Signing keys are made now so the project's JWKS is published from its first moment.
  await deps.signingKeys.keysFor(projectId);
  return (await deps.tenancies.load(projectId)).project;
}

export const listOwnedProjects = (deps: ServiceDeps, internalUserId: string) =>
  listProjectsOwnedByUser(deps.db, internalUserId);

/**
 * Updates the project row and merges config changes into the branch's environment override,
 * atomically. The environment level is the one that wins, so a change made here shows in the
 * rendered document whatever the lower levels say (as `project.updateConfig` writes there too).
 */
export async function updateCurrentProject(deps: ServiceDeps, tenancy: Tenancy, input: ProjectInput): Promise<Tenancy> {
  const { config, ...changes } = input;
  await deps.db.transaction(async (tx) => {
    await updateProject(tx, tenancy.projectId, changes);
    if (config) {
      await lockOverride(tx, tenancy.projectId, "environment", tenancy.branchId);
      const current = await findOverride(tx, tenancy.projectId, "environment", tenancy.branchId);
      await upsertOverride(tx, tenancy.projectId, "environment", tenancy.branchId, overrideWith(current, projectConfigPatchToOverride(config)));
    }
    await assertConsistent(deps, tx, tenancy.projectId, tenancy.branchId, config);
    const fields = [...Object.keys(changes).filter((key) => changes[key as keyof typeof changes] !== undefined), ...Object.keys(config ?? {}).map((key) => `config.${key}`)];
    await recordAuditEvent(deps, tx, { tenancy, action: "project.updated", target: { type: "project", id: tenancy.projectId }, details: { fields: fields.sort() } });
  });
  deps.tenancies.forget(tenancy.projectId);
  return deps.tenancies.load(tenancy.projectId, tenancy.branchId);
}

/**
 * Checks the project as the transaction leaves it, so switching production mode on and
 * changing the config in one request are judged together; a refusal rolls both back. A
 * selected e-mail theme must be one the project has, and a production server refuses shared
 * OAuth providers (oauth/shared-provider.ts).
 */
async function assertConsistent(deps: ServiceDeps, tx: Queryable, projectId: string, branchId: string, patch: ProjectConfigPatch | undefined): Promise<void> {
  const found = await findProjectWithOverrides(tx, projectId, branchId);
  if (!found) return;
  const { project, branch, environment } = found.overrides;
  const config = renderConfig([project ?? {}, branch ?? {}, environment ?? {}]);
  if (patch?.email_theme !== undefined && !findTheme({ projectId, branchId, project: found.project, config }, patch.email_theme)) {
    throw new KnownError("EMAIL_THEME_UNKNOWN");
  }
  const shared = sharedProviderProblems(config, deps.settings);
  if (shared.length > 0) throw new KnownError("SCHEMA_ERROR", { message: `Invalid config: ${shared.join("; ")}` });
  if (!found.project.isProductionMode) return;
  const problems = productionModeProblems(config);
  if (problems.length > 0) throw new KnownError("SCHEMA_ERROR", { message: `production mode: ${problems.join("; ")}` });
}

/**
 * Deletes the current project and everything it holds in one transaction. Its sessions end
 * with it, so their access tokens are refused at once on every process (revoked_sessions),
 * as are its keys and its cached tenancy (services/cache-sync.ts).
 */
export async function deleteCurrentProject(deps: ServiceDeps, tenancy: Tenancy): Promise<void> {
  if (tenancy.projectId === "internal") throw new KnownError("INTERNAL_PROJECT_CANNOT_BE_DELETED");
  const deleted = await deps.db.transaction((tx) => deleteProject(tx, tenancy.projectId));
  if (!deleted) throw new KnownError("CURRENT_PROJECT_NOT_FOUND", { project_id: tenancy.projectId });
  deps.tenancies.forget(tenancy.projectId);
  deps.projectKeys.forget(tenancy.projectId);
}

/**
 * Moves a project the user owns to another of the user's internal teams. Moving it takes
 * `team_admin` in the team that owns it now (as in Stack Auth); membership of the new team is
 * enough.
 */
export async function transferProject(deps: ServiceDeps, internalUserId: string, projectId: string, newTeamId: string): Promise<void> {
  const internal = await deps.tenancies.load("internal");
  // A project the user cannot see is answered as one that does not exist.
  const found = await findProjectWithOverrides(deps.db, projectId, "main");
  if (!found || !(await isProjectOwnedByUser(deps.db, projectId, internalUserId))) throw new KnownError("PROJECT_NOT_FOUND", { project_id: projectId });
  const ownerTeamId = found.project.ownerTeamId!;
  if (!(await hasTeamPermission(deps, internal, ownerTeamId, internalUserId, "team_admin"))) {
    throw new KnownError("TEAM_PERMISSION_REQUIRED", { team_id: ownerTeamId, user_id: internalUserId, permission_id: "team_admin" });
  }
  await deps.db.transaction(async (tx) => {
    // Still the owner's, and still theirs to move, when the change is made.
    if (!(await isProjectOwnedByUser(tx, projectId, internalUserId))) throw new KnownError("PROJECT_NOT_FOUND", { project_id: projectId });
    if (!(await isTeamMember(tx, INTERNAL_TENANT, newTeamId, internalUserId))) {
      throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: newTeamId, user_id: internalUserId });
    }
    await setProjectOwnerTeam(tx, projectId, newTeamId);
  });
  deps.tenancies.forget(projectId);
}
