import type { Queryable } from "../db";
import { jsonParam, toMillis } from "./rows";
import { TEAM_COLUMNS, toTeam, type TeamRecord, type TeamRow } from "./teams";
import type { Tenant } from "./tenant";

export interface UserRecord {
  id: string;
  displayName: string | null;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  selectedTeam: TeamRecord | null;
  isAnonymous: boolean;
  hasPassword: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  requiresTotpMfa: boolean;
  restrictedByAdmin: boolean;
  restrictedByAdminReason: string | null;
  restrictedByAdminPrivateDetails: string | null;
  countryCode: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  primaryEmailAuthEnabled: boolean;
  signedUpAtMillis: number;
  lastActiveAtMillis: number;
}

type UserRow = {
  id: string;
  display_name: string | null;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  server_metadata: unknown;
  is_anonymous: boolean;
  has_password: boolean;
  otp_auth_enabled: boolean;
  passkey_auth_enabled: boolean;
  requires_totp_mfa: boolean;
  restricted_by_admin: boolean;
  restricted_by_admin_reason: string | null;
  restricted_by_admin_private_details: string | null;
  country_code: string | null;
  primary_email: string | null;
  primary_email_verified: boolean | null;
  primary_email_auth_enabled: boolean | null;
  signed_up_at: Date;
  last_active_at: Date;
  selected_team: (Omit<TeamRow, "created_at"> & { created_at: string }) | null;
};

// One round trip for the whole read shape: the user, their primary e-mail and their selected team.
const USER_SELECT = `
  SELECT u.id, u.display_name, u.profile_image_url, u.client_metadata, u.client_read_only_metadata, u.server_metadata,
    u.is_anonymous, u.password_hash IS NOT NULL AS has_password, u.otp_auth_enabled, u.passkey_auth_enabled,
    u.totp_secret_encrypted IS NOT NULL AS requires_totp_mfa, u.restricted_by_admin, u.restricted_by_admin_reason,
    u.restricted_by_admin_private_details, u.country_code, u.signed_up_at, u.last_active_at,
    cc.value AS primary_email, cc.is_verified AS primary_email_verified, cc.used_for_auth AS primary_email_auth_enabled,
    (SELECT to_jsonb(st) FROM (SELECT ${TEAM_COLUMNS} FROM teams t
       WHERE t.project_id = u.project_id AND t.branch_id = u.branch_id AND t.id = u.selected_team_id) st) AS selected_team
  FROM users u
  LEFT JOIN contact_channels cc ON cc.project_id = u.project_id AND cc.branch_id = u.branch_id
    AND cc.user_id = u.id AND cc.type = 'email' AND cc.is_primary`;

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    displayName: row.display_name,
    profileImageUrl: row.profile_image_url,
    clientMetadata: row.client_metadata,
    clientReadOnlyMetadata: row.client_read_only_metadata,
    serverMetadata: row.server_metadata,
    selectedTeam: row.selected_team ? toTeam({ ...row.selected_team, created_at: new Date(row.selected_team.created_at) }) : null,
    isAnonymous: row.is_anonymous,
    hasPassword: row.has_password,
    otpAuthEnabled: row.otp_auth_enabled,
    passkeyAuthEnabled: row.passkey_auth_enabled,
    requiresTotpMfa: row.requires_totp_mfa,
    restrictedByAdmin: row.restricted_by_admin,
    restrictedByAdminReason: row.restricted_by_admin_reason,
    restrictedByAdminPrivateDetails: row.restricted_by_admin_private_details,
    countryCode: row.country_code,
    primaryEmail: row.primary_email,
    primaryEmailVerified: row.primary_email_verified ?? false,
    primaryEmailAuthEnabled: row.primary_email_auth_enabled ?? false,
    signedUpAtMillis: toMillis(row.signed_up_at),
    lastActiveAtMillis: toMillis(row.last_active_at),
  };
}

export async function findUser(q: Queryable, tenant: Tenant, userId: string): Promise<UserRecord | null> {
  const rows = await q.query<UserRow>(`${USER_SELECT} WHERE u.project_id = $1 AND u.branch_id = $2 AND u.id = $3`, [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** The account an e-mail signs in to, with its password hash (null when it has none). */
export async function findAuthByEmail(
  q: Queryable,
  tenant: Tenant,
  email: string,
): Promise<{ userId: string; passwordHash: string | null } | null> {
  const rows = await q.query<{ user_id: string; password_hash: string | null }>(
    `SELECT u.id AS user_id, u.password_hash FROM contact_channels cc
     JOIN users u ON u.project_id = cc.project_id AND u.branch_id = cc.branch_id AND u.id = cc.user_id
     WHERE cc.project_id = $1 AND cc.branch_id = $2 AND cc.type = 'email' AND cc.value = $3 AND cc.used_for_auth`,
    [tenant.projectId, tenant.branchId, email],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, passwordHash: row.password_hash } : null;
}

export async function insertUser(
  q: Queryable,
  tenant: Tenant,
  user: { id: string; displayName?: string | null; passwordHash?: string | null; isAnonymous?: boolean },
): Promise<void> {
  await q.query(
    `INSERT INTO users (project_id, branch_id, id, display_name, password_hash, is_anonymous)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [tenant.projectId, tenant.branchId, user.id, user.displayName ?? null, user.passwordHash ?? null, user.isAnonymous ?? false],
  );
}

export async function insertContactChannel(
  q: Queryable,
  tenant: Tenant,
  channel: { id: string; userId: string; value: string; isPrimary: boolean; isVerified: boolean; usedForAuth: boolean },
): Promise<void> {
  await q.query(
    `INSERT INTO contact_channels (project_id, branch_id, id, user_id, type, value, is_primary, is_verified, used_for_auth)
     VALUES ($1, $2, $3, $4, 'email', $5, $6, $7, $8)`,
    [
      tenant.projectId,
      tenant.branchId,
      channel.id,
      channel.userId,
      channel.value,
      channel.isPrimary,
      channel.isVerified,
      channel.usedForAuth,
    ],
  );
}

export interface UserProfileChanges {
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  selectedTeamId?: string | null;
}

/** Applies the given changes; a field left undefined keeps its value. */
export async function updateUserProfile(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  changes: UserProfileChanges,
): Promise<void> {
  await q.query(
    `UPDATE users SET
       display_name = CASE WHEN $4::boolean THEN $5 ELSE display_name END,
       profile_image_url = CASE WHEN $6::boolean THEN $7 ELSE profile_image_url END,
       client_metadata = CASE WHEN $8::boolean THEN $9::jsonb ELSE client_metadata END,
       selected_team_id = CASE WHEN $10::boolean THEN $11::uuid ELSE selected_team_id END
     WHERE project_id = $1 AND branch_id = $2 AND id = $3`,
    [
      tenant.projectId,
      tenant.branchId,
      userId,
      changes.displayName !== undefined,
      changes.displayName ?? null,
      changes.profileImageUrl !== undefined,
      changes.profileImageUrl ?? null,
      changes.clientMetadata !== undefined,
      jsonParam(changes.clientMetadata),
      changes.selectedTeamId !== undefined,
      changes.selectedTeamId ?? null,
    ],
  );
}

export async function touchUserActivity(q: Queryable, tenant: Tenant, userId: string): Promise<void> {
  await q.query("UPDATE users SET last_active_at = now() WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
}
