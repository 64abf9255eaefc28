import type { Queryable } from "../../db/db";
import { insertGrant } from "../../db/queries/permission-grants";
import type { PermissionScope } from "./scope";
import type { Tenancy } from "../projects/tenancy";
import { expansionOf } from "./check";

/**
 * Grants a configured default set (`rbac.defaultPermissions.teamCreator|teamMember|signUp`)
 * to a user, inside the caller's transaction, and answers the ids it granted. Ids that are not
 * defined are skipped.
 */
export async function grantDefaultPermissions(
  q: Queryable,
  tenancy: Tenancy,
  set: "teamCreator" | "teamMember" | "signUp",
  userId: string,
  teamId: string | null = null,
): Promise<string[]> {
  const scope: PermissionScope = set === "signUp" ? "project" : "team";
  const defined = expansionOf(tenancy.config, scope);
  const granted: string[] = [];
  for (const permissionId of Object.keys(tenancy.config.rbac.defaultPermissions[set])) {
    if (defined.has(permissionId) && (await insertGrant(q, tenancy, scope, { teamId, userId, permissionId }))) granted.push(permissionId);
  }
  return granted;
}
