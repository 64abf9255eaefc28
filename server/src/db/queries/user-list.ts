import type { Queryable } from "../db";
import { findUsersByIds } from "./users";
import type { User } from "../../domain/users";
import type { Tenant } from "./tenant";
import { userSearchCondition } from "./user-search";

export interface UserListFilter {
  orderBy: "signed_up_at" | "last_active_at";
  desc: boolean;
  limit: number;
  /** The id of the last user on the previous page. */
  cursor?: string;
  query?: string;
  teamId?: string;
  anonymous: "exclude" | "include" | "only";
  includeRestricted: boolean;
  /** The project requires a verified primary e-mail: users without one are restricted. */
  requireEmailVerification?: boolean;
}

/**
 * One page of users by keyset: the cursor is the last user's id, and the next page starts
 * strictly after its (sort column, id) pair, so pages never skip or repeat users while
 * others sign up. Fetches one extra row to know whether another page exists. The project
 * and branch are always $1 and $2.
 */
export async function listUserPage(
  q: Queryable,
  tenant: Tenant,
  filter: UserListFilter,
): Promise<{ users: User[]; nextCursor: string | null }> {
  const column = filter.orderBy === "last_active_at" ? "last_active_at" : "signed_up_at";
  const direction = filter.desc ? "DESC" : "ASC";
  const comparison = filter.desc ? "<" : ">";
  const params: unknown[] = [tenant.projectId, tenant.branchId];
  const where: string[] = ["u.project_id = $1", "u.branch_id = $2"];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  if (filter.anonymous === "exclude") where.push("NOT u.is_anonymous");
  if (filter.anonymous === "only") where.push("u.is_anonymous");
  if (!filter.includeRestricted && filter.anonymous !== "only") {
    where.push("NOT u.restricted_by_admin");
    if (filter.requireEmailVerification) {
      // A scalar lookup (one primary e-mail per user) stays a per-row index probe; an EXISTS under
      // OR may be planned as a hash of every verified channel in the project.
      where.push(`(u.is_anonymous OR COALESCE((SELECT cc.is_verified FROM contact_channels cc WHERE cc.project_id = $1
        AND cc.branch_id = $2 AND cc.user_id = u.id AND cc.type = 'email' AND cc.is_primary), false))`);
    }
  }
  if (filter.teamId) {
    where.push(`EXISTS (SELECT 1 FROM team_members tm WHERE tm.project_id = u.project_id AND tm.branch_id = u.branch_id
      AND tm.team_id = ${param(filter.teamId)} AND tm.user_id = u.id)`);
  }
  if (filter.query) where.push(await userSearchCondition(q, tenant, filter.query, param));
  if (filter.cursor) {
    // Uncorrelated, the cursor row is read once and the comparison becomes an index range bound.
    const cursor = param(filter.cursor);
    where.push(`(u.${column}, u.id) ${comparison} (SELECT c.${column}, c.id FROM users c
      WHERE c.project_id = $1 AND c.branch_id = $2 AND c.id = ${cursor})`);
  }
  const limit = param(filter.limit + 1);
  const rows = await q.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE ${where.join(" AND ")} ORDER BY u.${column} ${direction}, u.id ${direction} LIMIT ${limit}`,
    params,
  );
  const pageIds = rows.slice(0, filter.limit).map((r) => r.id);
  const users = await findUsersByIds(q, tenant, pageIds);
  return { users, nextCursor: rows.length > filter.limit ? pageIds[pageIds.length - 1]! : null };
}
