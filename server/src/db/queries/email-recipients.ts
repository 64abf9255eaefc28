import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export interface Recipient {
  userId: string;
  primaryEmail: string | null;
  /** The user's stored choice for the category, or null when they never chose. */
  categoryEnabled: boolean | null;
}

interface RecipientRow {
  id: string;
  primary_email: string | null;
  enabled: boolean | null;
}

const RECIPIENT_SELECT = `
  SELECT u.id, cc.value AS primary_email, np.enabled
  FROM users u
  LEFT JOIN contact_channels cc ON cc.project_id = u.project_id AND cc.branch_id = u.branch_id
    AND cc.user_id = u.id AND cc.type = 'email' AND cc.is_primary
  LEFT JOIN notification_preferences np ON np.project_id = u.project_id AND np.branch_id = u.branch_id
    AND np.user_id = u.id AND np.category_id = $3::uuid`;

const toRecipient = (r: RecipientRow): Recipient => ({ userId: r.id, primaryEmail: r.primary_email, categoryEnabled: r.enabled });

/** The named users that exist, with their primary e-mail and choice for the category. */
export async function findRecipients(q: Queryable, tenant: Tenant, userIds: readonly string[], categoryId: string): Promise<Recipient[]> {
  const rows = await q.query<RecipientRow>(`${RECIPIENT_SELECT} WHERE u.project_id = $1 AND u.branch_id = $2 AND u.id = ANY($4::uuid[])`, [
    tenant.projectId,
    tenant.branchId,
    categoryId,
    userIds,
  ]);
  return rows.map(toRecipient);
}

/** A page of every user of the project, by id after `afterId`. */
export async function listAllRecipients(q: Queryable, tenant: Tenant, categoryId: string, afterId: string | null, limit: number): Promise<Recipient[]> {
  const rows = await q.query<RecipientRow>(
    `${RECIPIENT_SELECT} WHERE u.project_id = $1 AND u.branch_id = $2 AND ($4::uuid IS NULL OR u.id > $4::uuid) ORDER BY u.id LIMIT $5`,
    [tenant.projectId, tenant.branchId, categoryId, afterId, limit],
  );
  return rows.map(toRecipient);
}

/** What a template may greet the recipient by; null when the user is gone. */
export async function findRecipientName(q: Queryable, tenant: Tenant, userId: string): Promise<{ displayName: string | null } | null> {
  const rows = await q.query<{ display_name: string | null }>("SELECT display_name FROM users WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
  return rows[0] ? { displayName: rows[0].display_name } : null;
}

/** Where a message to a user's primary e-mail goes now, and what to greet them by; null when the user is gone. */
export async function findRecipientNow(
  q: Queryable,
  tenant: Tenant,
  userId: string,
): Promise<{ displayName: string | null; primaryEmail: string | null } | null> {
  const rows = await q.query<{ display_name: string | null; primary_email: string | null }>(
    `SELECT u.display_name, cc.value AS primary_email FROM users u
     LEFT JOIN contact_channels cc ON cc.project_id = u.project_id AND cc.branch_id = u.branch_id
       AND cc.user_id = u.id AND cc.type = 'email' AND cc.is_primary
     WHERE u.project_id = $1 AND u.branch_id = $2 AND u.id = $3`,
    [tenant.projectId, tenant.branchId, userId],
  );
  return rows[0] ? { displayName: rows[0].display_name, primaryEmail: rows[0].primary_email } : null;
}

/** Records that a draft was sent (its sent_at), as the drafts list shows. */
export async function markDraftSent(q: Queryable, tenant: Tenant, draftId: string): Promise<void> {
  await q.query("UPDATE email_drafts SET sent_at = now() WHERE project_id = $1 AND branch_id = $2 AND id = $3", [tenant.projectId, tenant.branchId, draftId]);
}
