import type { Queryable } from "../../db/db";
import { findProjectWithOverrides, type ProjectRecord } from "../../db/queries/projects";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { ProjectConfig } from "../project-config/document";
import { renderConfig } from "../project-config/render";
import { TtlCache } from "../../cache/ttl-cache";

/** A project, one of its branches, and the configuration rendered for that branch. */
export interface Tenancy extends Tenant {
  project: ProjectRecord;
  config: ProjectConfig;
}

export type TenancyLookup =
  | { found: true; tenancy: Tenancy }
  | { found: false; reason: "project-missing" | "branch-missing" };

// Every authenticated request needs its tenancy, so it is cached per process. Writes through
// this process invalidate it at once; other processes are told by notification
// (services/cache-sync.ts). TENANCY_TTL_MS only bounds staleness should that ever fail.
export const TENANCY_TTL_MS = 30_000;

export class TenancyStore {
  private readonly cache = new TtlCache<TenancyLookup>(TENANCY_TTL_MS, 1_000);

  constructor(private readonly db: Queryable) {}

  async lookup(projectId: string, branchId = "main"): Promise<TenancyLookup> {
    const key = `${projectId}\u0000${branchId}`;
    const cached = this.cache.get(key);
    if (cached) return cached;

    const found = await findProjectWithOverrides(this.db, projectId, branchId);
    let result: TenancyLookup;
    if (!found) result = { found: false, reason: "project-missing" };
    else if (!found.branchExists) result = { found: false, reason: "branch-missing" };
    else {
      const { project, branch, environment } = found.overrides;
      result = {
        found: true,
        tenancy: {
          projectId,
          branchId,
          project: found.project,
          config: renderConfig([project ?? {}, branch ?? {}, environment ?? {}]),
        },
      };
    }
    if (result.found) this.cache.set(key, result);
    return result;
  }

  /** The tenancy, or the contract's error when the project or branch does not exist. */
  async load(projectId: string, branchId = "main"): Promise<Tenancy> {
    const result = await this.lookup(projectId, branchId);
    if (result.found) return result.tenancy;
    if (result.reason === "project-missing") throw new KnownError("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });
    throw new KnownError("BRANCH_DOES_NOT_EXIST", { branch_id: branchId });
  }

  /** Drops cached tenancies of a project after its row or configuration changed. */
  forget(projectId: string): void {
    this.cache.deleteWhere((key) => key.startsWith(`${projectId}\u0000`));
  }

  clear(): void {
    this.cache.deleteWhere(() => true);
  }
}
