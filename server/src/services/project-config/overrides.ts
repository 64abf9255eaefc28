/**
 * The layered configuration API: read the rendered document or one level's override, and
 * replace, merge into or reset keys of an override. Every write checks the override and the
 * document it renders to (schema.ts, and production mode's rules) inside the transaction that
 * stores it, so a refused change stores nothing, and concurrent writers to one level queue on
 * its row lock instead of losing each other's keys.
 */
import { recordAuditEvent } from "../audit-log/record";
import type { Queryable } from "../../db/db";
import { findBranchSource, findOverride, lockOverride, setBranchSource, upsertOverride } from "../../db/queries/config-overrides";
import { findProjectWithOverrides } from "../../db/queries/projects";
import { KnownError } from "../../errors";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import type { ConfigLevel, ConfigOverride } from "./document";
import { productionModeProblems } from "./production-mode";
import { sharedProviderProblems } from "../oauth/shared-provider";
import { migrateLegacyKeys } from "./legacy-keys";
import { overrideWith, renderConfig, withoutKeys } from "./render";
import { isMalformedKey, overrideProblems, renderedConfigProblems } from "./schema";

/** Where a branch's configuration came from; "unlinked" when nobody said. */
export type ConfigSource =
  | { type: "pushed-from-github"; owner: string; repo: string; branch: string; commit_hash: string; config_file_path: string; workflow_path?: string }
  | { type: "pushed-from-unknown" }
  | { type: "unlinked" };

const UNLINKED: ConfigSource = { type: "unlinked" };

const levelBranch = (tenancy: Tenancy, level: ConfigLevel) => (level === "project" ? "" : tenancy.branchId);

export const readOverride = (deps: ServiceDeps, tenancy: Tenancy, level: ConfigLevel) =>
  findOverride(deps.db, tenancy.projectId, level, levelBranch(tenancy, level)).then((stored) => migrateLegacyKeys(level, stored));

/**
 * A document that cannot be stored. Services that write overrides on a caller's behalf see
 * SCHEMA_ERROR; the configuration routes answer it as Stack Auth does, 400 with the problems
 * as text (routes/config/config.ts).
 */
export class ConfigOverrideRefused extends KnownError<"SCHEMA_ERROR"> {
  constructor(readonly problems: string) {
    super("SCHEMA_ERROR", { message: problems });
  }
}

function refuse(problems: string[]): never {
  throw new ConfigOverrideRefused(`Invalid config override: ${problems.join("; ")}`);
}

/**
 * Stores `next` as the level's override after checking the document it renders to; a
 * problem throws, and the caller's transaction rolls the write back.
 */
async function storeChecked(deps: ServiceDeps, tx: Queryable, tenancy: Tenancy, level: ConfigLevel, next: ConfigOverride): Promise<void> {
  await upsertOverride(tx, tenancy.projectId, level, levelBranch(tenancy, level), next);
  const found = await findProjectWithOverrides(tx, tenancy.projectId, tenancy.branchId);
  if (!found) throw new KnownError("CURRENT_PROJECT_NOT_FOUND", { project_id: tenancy.projectId });
  const { project, branch, environment } = found.overrides;
  const config = renderConfig([project ?? {}, branch ?? {}, environment ?? {}]);
  const problems = [...renderedConfigProblems(config), ...sharedProviderProblems(config, deps.settings)];
  if (found.project.isProductionMode) problems.push(...productionModeProblems(config).map((problem) => `production mode: ${problem}`));
  if (problems.length > 0) refuse(problems);
}

/** Runs `change` on the level's current override under its row lock, then stores the result checked. */
function changedKeys(before: ConfigOverride, after: ConfigOverride): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

async function changeOverride(
  deps: ServiceDeps,
  tenancy: Tenancy,
  level: ConfigLevel,
  change: (current: ConfigOverride, tx: Queryable) => ConfigOverride | Promise<ConfigOverride>,
): Promise<void> {
  const branchId = levelBranch(tenancy, level);
  // A project deleted since the request resolved it refuses the override row's reference.
  await unlessDeletedMeanwhile(
    () =>
      deps.db.transaction(async (tx) => {
        await lockOverride(tx, tenancy.projectId, level, branchId);
        const current = await findOverride(tx, tenancy.projectId, level, branchId);
        const next = await change(current, tx);
        await storeChecked(deps, tx, tenancy, level, next);
        // Which keys changed, never their values: a configuration holds OAuth and SMTP secrets.
        await recordAuditEvent(deps, tx, { tenancy, action: "project.config.updated", target: { type: "project", id: tenancy.projectId }, details: { level, keys: changedKeys(current, next) } });
      }),
    () => new KnownError("CURRENT_PROJECT_NOT_FOUND", { project_id: tenancy.projectId }),
  );
  deps.tenancies.forget(tenancy.projectId);
}

/** PUT: the level's override becomes `override`; a branch push may say where it came from. */
export async function replaceOverride(
  deps: ServiceDeps,
  tenancy: Tenancy,
  level: ConfigLevel,
  override: ConfigOverride,
  source?: ConfigSource,
): Promise<void> {
  const migrated = migrateLegacyKeys(level, override);
  const problems = overrideProblems(migrated, level);
  if (problems.length > 0) refuse(problems);
  if (source !== undefined && level !== "branch") refuse([`"source": only the branch level records where its configuration came from`]);
  // A pushed configuration replaces the branch's: the pusher says where it came from (`unlinked` if nowhere).
  if (source === undefined && level === "branch") {
    refuse(['"source": source is required for the branch level: say where this configuration was pushed from ({"type": "unlinked"} if nowhere)']);
  }
  await changeOverride(deps, tenancy, level, async (_current, tx) => {
    if (source !== undefined) await setBranchSource(tx, tenancy.projectId, tenancy.branchId, source.type === "unlinked" ? null : source);
    return migrated;
  });
}

/**
 * PATCH: `changes` (dotted keys allowed) are written into the level's override, each replacing
 * its key. `alongside` writes what belongs with the change (a webhook endpoint's secret) in
 * the same transaction.
 */
export async function patchOverride(
  deps: ServiceDeps,
  tenancy: Tenancy,
  level: ConfigLevel,
  changes: ConfigOverride,
  alongside?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  const migrated = migrateLegacyKeys(level, changes);
  const problems = overrideProblems(migrated, level);
  if (problems.length > 0) refuse(problems);
  await changeOverride(deps, tenancy, level, async (current, tx) => {
    await alongside?.(tx);
    const next = overrideWith(migrateLegacyKeys(level, current), migrated);
    // Merged, the pieces could still disagree with each other (a record entry replaced whole).
    const merged = overrideProblems(next);
    if (merged.length > 0) refuse(merged);
    return next;
  });
}

/** POST reset-keys: the keys (and all below them) leave the level's override, so lower levels and defaults show again. */
export async function resetOverrideKeys(deps: ServiceDeps, tenancy: Tenancy, level: ConfigLevel, keys: readonly string[]): Promise<void> {
  const malformed = keys.filter(isMalformedKey);
  if (malformed.length > 0) refuse(malformed.map((key) => `"${key}": not a valid configuration key`));
  await changeOverride(deps, tenancy, level, (current) => withoutKeys(migrateLegacyKeys(level, current), keys));
}

export async function readConfigSource(deps: ServiceDeps, tenancy: Tenancy): Promise<ConfigSource> {
  return ((await findBranchSource(deps.db, tenancy.projectId, tenancy.branchId)) as ConfigSource | null) ?? UNLINKED;
}

/** DELETE source: the branch's configuration stays as it is, but is no longer linked to where it was pushed from. */
export async function unlinkConfigSource(deps: ServiceDeps, tenancy: Tenancy): Promise<void> {
  await setBranchSource(deps.db, tenancy.projectId, tenancy.branchId, null);
  deps.tenancies.forget(tenancy.projectId);
}
