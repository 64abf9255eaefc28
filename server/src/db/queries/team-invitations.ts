import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

/** A live invitation: a team-invitation code that is unused, unexpired and not worn out by wrong guesses. */
export interface TeamInvitationRecord {
  id: string;
  teamId: string;
  teamDisplayName: string;
  recipientEmail: string;
  expiresAt: Date;
}

interface InvitationRow {
  id: string;
  team_id: string;
  team_display_name: string;
  email: string;
  expires_at: Date;
}

const LIVE_INVITATIONS = `
  SELECT c.id, c.team_id, t.display_name AS team_display_name, c.email, c.expires_at
  FROM verification_codes c
  JOIN teams t ON t.project_id = c.project_id AND t.branch_id = c.branch_id AND t.id = c.team_id
  WHERE c.project_id = $1 AND c.branch_id = $2 AND c.purpose = 'team_invitation'
    AND c.used_at IS NULL AND c.expires_at > now() AND c.attempts < $3`;

function toInvitation(row: InvitationRow): TeamInvitationRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    teamDisplayName: row.team_display_name,
    recipientEmail: row.email,
    expiresAt: new Date(row.expires_at),
  };
}

export async function listTeamInvitations(
  q: Queryable,
  tenant: Tenant,
  teamId: string,
  maxAttempts: number,
): Promise<TeamInvitationRecord[]> {
  const rows = await q.query<InvitationRow>(`${LIVE_INVITATIONS} AND c.team_id = $4 ORDER BY c.created_at, c.id`, [
    tenant.projectId,
    tenant.branchId,
    maxAttempts,
    teamId,
  ]);
  return rows.map(toInvitation);
}

/** Invitations addressed to any of the user's verified e-mail addresses. */
export async function listInvitationsReceivedBy(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  maxAttempts: number,
): Promise<TeamInvitationRecord[]> {
  const rows = await q.query<InvitationRow>(
    `${LIVE_INVITATIONS} AND c.email IN (
       SELECT value FROM contact_channels
       WHERE project_id = $1 AND branch_id = $2 AND user_id = $4 AND type = 'email' AND is_verified
     )
     ORDER BY c.created_at, c.id`,
    [tenant.projectId, tenant.branchId, maxAttempts, userId],
  );
  return rows.map(toInvitation);
}

/** One live invitation by id, locked for the rest of the transaction. */
export async function findLiveInvitationForUpdate(
  q: Queryable,
  tenant: Tenant,
  invitationId: string,
  maxAttempts: number,
): Promise<TeamInvitationRecord | null> {
  const rows = await q.query<InvitationRow>(`${LIVE_INVITATIONS} AND c.id = $4 FOR UPDATE OF c`, [
    tenant.projectId,
    tenant.branchId,
    maxAttempts,
    invitationId,
  ]);
  return rows[0] ? toInvitation(rows[0]) : null;
}

/** Deletes a live invitation of the team; false when there is none with that id. */
export async function deleteTeamInvitation(q: Queryable, tenant: Tenant, teamId: string, invitationId: string): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM verification_codes
     WHERE project_id = $1 AND branch_id = $2 AND purpose = 'team_invitation' AND team_id = $3 AND id = $4 AND used_at IS NULL
     RETURNING id`,
    [tenant.projectId, tenant.branchId, teamId, invitationId],
  );
  return rows.length > 0;
}

/** Ends the team's earlier unused invitations to the address, when a new one replaces them. */
export async function retireTeamInvitations(q: Queryable, tenant: Tenant, teamId: string, email: string): Promise<void> {
  await q.query(
    `UPDATE verification_codes SET expires_at = LEAST(expires_at, now())
     WHERE project_id = $1 AND branch_id = $2 AND purpose = 'team_invitation' AND team_id = $3 AND email = $4 AND used_at IS NULL`,
    [tenant.projectId, tenant.branchId, teamId, email],
  );
}
