import type { Queryable } from "../db";
import { toMillis } from "./rows";

export interface FailedOutboxRow {
  projectId: string;
  branchId: string;
  id: string;
  to: string;
  userId: string | null;
  purpose: string;
  /** Sealed (or in clear in rows older than sealing; `sealed` says which); null when it failed before rendering. */
  subject: string | null;
  sealed: boolean;
  source: string | null;
  createdAtMillis: number;
}

/**
 * Messages of every project that failed for good (failed or bounced) since `since`, oldest
 * first, at most `limit` (the digest is a reminder, not an archive). Reads the finished-rows
 * index on created_at.
 */
export async function listFailedEmailsSince(q: Queryable, since: Date, limit: number): Promise<FailedOutboxRow[]> {
  const rows = await q.query<{
    project_id: string;
    branch_id: string;
    id: string;
    to_address: string;
    user_id: string | null;
    purpose: string;
    subject: string | null;
    sealed: boolean;
    source: string | null;
    created_at: Date;
  }>(
    `SELECT project_id, branch_id, id, to_address, user_id, purpose, subject, sealed, source, created_at FROM email_outbox
     WHERE status IN ('failed', 'bounced') AND created_at >= $1
     ORDER BY created_at LIMIT $2`,
    [since.toISOString(), limit],
  );
  return rows.map((r) => ({
    projectId: r.project_id,
    branchId: r.branch_id,
    id: r.id,
    to: r.to_address,
    userId: r.user_id,
    purpose: r.purpose,
    subject: r.subject,
    sealed: r.sealed,
    source: r.source,
    createdAtMillis: toMillis(r.created_at),
  }));
}

/** The primary e-mails of a project's owners: the members of the internal-project team that owns it. */
export async function findProjectOwnerEmails(q: Queryable, projectId: string): Promise<string[]> {
  const rows = await q.query<{ value: string }>(
    `SELECT DISTINCT cc.value FROM projects p
     JOIN team_members tm ON tm.project_id = 'internal' AND tm.branch_id = 'main' AND tm.team_id = p.owner_team_id
     JOIN contact_channels cc ON cc.project_id = 'internal' AND cc.branch_id = 'main' AND cc.user_id = tm.user_id
       AND cc.type = 'email' AND cc.is_primary
     WHERE p.id = $1
     ORDER BY cc.value`,
    [projectId],
  );
  return rows.map((r) => r.value);
}
