/**
 * The permissions an imported user gets as a user the server creates would: the project's
 * sign-up defaults, and its team-member defaults for each team membership (only those
 * permissions the project defines). Read once per import from the project's configuration.
 */
import type { Queryable } from "../../db/db";
import type { Tenant } from "../../db/queries/tenant";
import { expansionOf } from "../permissions/check";
import { TenancyStore } from "../projects/tenancy";

export interface DefaultGrants {
  signUp: string[];
  teamMember: string[];
}

export async function defaultGrantsOf(db: Queryable, tenant: Tenant): Promise<DefaultGrants> {
  const lookup = await new TenancyStore(db).lookup(tenant.projectId, tenant.branchId);
  if (!lookup.found) return { signUp: [], teamMember: [] };
  const { config } = lookup.tenancy;
  const defined = (scope: "project" | "team", ids: string[]) => ids.filter((id) => expansionOf(config, scope).has(id));
  return {
    signUp: defined("project", Object.keys(config.rbac.defaultPermissions.signUp)),
    teamMember: defined("team", Object.keys(config.rbac.defaultPermissions.teamMember)),
  };
}
