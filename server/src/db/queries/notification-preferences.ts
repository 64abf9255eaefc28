import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

/** The user's stored choices by category id, or null when there is no such user. */
export async function findNotificationChoices(q: Queryable, tenant: Tenant, userId: string): Promise<Map<string, boolean> | null> {
  const rows = await q.query<{ category_id: string | null; enabled: boolean | null }>(
    `SELECT np.category_id, np.enabled FROM users u
     LEFT JOIN notification_preferences np ON np.project_id = u.project_id AND np.branch_id = u.branch_id AND np.user_id = u.id
     WHERE u.project_id = $1 AND u.branch_id = $2 AND u.id = $3`,
    [tenant.projectId, tenant.branchId, userId],
  );
  if (rows.length === 0) return null;
  return new Map(rows.flatMap((row) => (row.category_id === null ? [] : [[row.category_id, row.enabled === true] as const])));
}

/** Records a choice; false when the user does not exist (a deletion won the race). */
export async function upsertNotificationChoice(q: Queryable, tenant: Tenant, userId: string, categoryId: string, enabled: boolean): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO notification_preferences (project_id, branch_id, user_id, category_id, enabled)
     SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM users WHERE project_id = $1 AND branch_id = $2 AND id = $3)
     ON CONFLICT (project_id, branch_id, user_id, category_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()
     RETURNING user_id`,
    [tenant.projectId, tenant.branchId, userId, categoryId, enabled],
  );
  return rows.length > 0;
}
