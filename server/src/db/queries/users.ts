import type { User } from "../../domain/users";
import type { Queryable } from "../db";
import { jsonParam, METADATA_COLUMNS, setClauses, toMillis, toProfile, type ChangeColumns } from "./rows";
import { TEAM_COLUMNS, toTeam, type TeamRow } from "./teams";
import type { Tenant } from "./tenant";

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
  sign_up_risk_bot: number;
  sign_up_risk_free_trial_abuse: number;
  primary_email: string | null;
  primary_email_verified: boolean | null;
  primary_email_auth_enabled: boolean | null;
  signed_up_at: Date;
  last_active_at: Date;
  selected_team: (Omit<TeamRow, "created_at"> & { created_at: string }) | null;
  oauth_providers: Array<{ id: string; account_id: string; email: string | null }> | null;
};

// One round trip for the whole read shape: the user, their primary e-mail and their selected team.
const USER_SELECT = `
  SELECT u.id, u.display_name, u.profile_image_url, u.client_metadata, u.client_read_only_metadata, u.server_metadata,
    u.is_anonymous, u.password_hash IS NOT NULL AS has_password, u.otp_auth_enabled, u.passkey_auth_enabled,
    u.totp_secret_encrypted IS NOT NULL AS requires_totp_mfa, u.restricted_by_admin, u.restricted_by_admin_reason,
    u.restricted_by_admin_private_details, u.country_code, u.sign_up_risk_bot, u.sign_up_risk_free_trial_abuse, u.signed_up_at, u.last_active_at,
    cc.value AS primary_email, cc.is_verified AS primary_email_verified, cc.used_for_auth AS primary_email_auth_enabled,
    (SELECT to_jsonb(st) FROM (SELECT ${TEAM_COLUMNS} FROM teams t
       WHERE t.project_id = u.project_id AND t.branch_id = u.branch_id AND t.id = u.selected_team_id) st) AS selected_team,
    (SELECT jsonb_agg(jsonb_build_object('id', oa.provider_config_id, 'account_id', oa.account_id, 'email', oa.email)
       ORDER BY oa.created_at, oa.id) FROM oauth_accounts oa
       WHERE oa.project_id = u.project_id AND oa.branch_id = u.branch_id AND oa.user_id = u.id) AS oauth_providers
  FROM users u
  LEFT JOIN contact_channels cc ON cc.project_id = u.project_id AND cc.branch_id = u.branch_id
    AND cc.user_id = u.id AND cc.type = 'email' AND cc.is_primary`;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    ...toProfile(row),
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
    signUpRiskScores: { bot: Number(row.sign_up_risk_bot), free_trial_abuse: Number(row.sign_up_risk_free_trial_abuse) },
    primaryEmail: row.primary_email,
    primaryEmailVerified: row.primary_email_verified ?? false,
    primaryEmailAuthEnabled: row.primary_email_auth_enabled ?? false,
    signedUpAtMillis: toMillis(row.signed_up_at),
    lastActiveAtMillis: toMillis(row.last_active_at),
    oauthProviders: row.oauth_providers ?? [],
  };
}

/** The read shapes of several users, in the order of `ids`. */
export async function findUsersByIds(q: Queryable, tenant: Tenant, ids: readonly string[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<UserRow>(`${USER_SELECT} WHERE u.project_id = $1 AND u.branch_id = $2 AND u.id = ANY($3::uuid[])`, [
    tenant.projectId,
    tenant.branchId,
    ids,
  ]);
  const byId = new Map(rows.map((row) => [row.id, toUser(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findUser(q: Queryable, tenant: Tenant, userId: string): Promise<User | null> {
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
): Promise<{ userId: string; passwordHash: string | null; otpAuthEnabled: boolean; emailVerified: boolean } | null> {
  const rows = await q.query<{ user_id: string; password_hash: string | null; otp_auth_enabled: boolean; is_verified: boolean }>(
    `SELECT u.id AS user_id, u.password_hash, u.otp_auth_enabled, cc.is_verified FROM contact_channels cc
     JOIN users u ON u.project_id = cc.project_id AND u.branch_id = cc.branch_id AND u.id = cc.user_id
     WHERE cc.project_id = $1 AND cc.branch_id = $2 AND cc.type = 'email' AND cc.value = $3 AND cc.used_for_auth`,
    [tenant.projectId, tenant.branchId, email],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, passwordHash: row.password_hash, otpAuthEnabled: row.otp_auth_enabled, emailVerified: row.is_verified } : null;
}

export interface NewUser {
  id: string;
  displayName?: string | null;
  passwordHash?: string | null;
  isAnonymous?: boolean;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  otpAuthEnabled?: boolean;
  passkeyAuthEnabled?: boolean;
  totpSecretEncrypted?: string | null;
}

export async function insertUser(q: Queryable, tenant: Tenant, user: NewUser): Promise<void> {
  await q.query(
    `INSERT INTO users (project_id, branch_id, id, display_name, password_hash, is_anonymous, profile_image_url,
       client_metadata, client_read_only_metadata, server_metadata, otp_auth_enabled, passkey_auth_enabled, totp_secret_encrypted)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12, $13)`,
    [
      tenant.projectId,
      tenant.branchId,
      user.id,
      user.displayName ?? null,
      user.passwordHash ?? null,
      user.isAnonymous ?? false,
      user.profileImageUrl ?? null,
      jsonParam(user.clientMetadata),
      jsonParam(user.clientReadOnlyMetadata),
      jsonParam(user.serverMetadata),
      user.otpAuthEnabled ?? false,
      user.passkeyAuthEnabled ?? false,
      user.totpSecretEncrypted ?? null,
    ],
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
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  selectedTeamId?: string | null;
  passwordHash?: string | null;
  otpAuthEnabled?: boolean;
  passkeyAuthEnabled?: boolean;
  totpSecretEncrypted?: string | null;
  isAnonymous?: boolean;
  restrictedByAdmin?: boolean;
  restrictedByAdminReason?: string | null;
  restrictedByAdminPrivateDetails?: string | null;
  countryCode?: string | null;
  signUpRiskBot?: number;
  signUpRiskFreeTrialAbuse?: number;
}

const PROFILE_COLUMNS: ChangeColumns<UserProfileChanges> = {
  ...METADATA_COLUMNS,
  selectedTeamId: ["selected_team_id", "uuid"],
  passwordHash: ["password_hash", "text"],
  otpAuthEnabled: ["otp_auth_enabled", "boolean"],
  passkeyAuthEnabled: ["passkey_auth_enabled", "boolean"],
  totpSecretEncrypted: ["totp_secret_encrypted", "text"],
  isAnonymous: ["is_anonymous", "boolean"],
  restrictedByAdmin: ["restricted_by_admin", "boolean"],
  restrictedByAdminReason: ["restricted_by_admin_reason", "text"],
  restrictedByAdminPrivateDetails: ["restricted_by_admin_private_details", "text"],
  countryCode: ["country_code", "text"],
  signUpRiskBot: ["sign_up_risk_bot", "smallint"],
  signUpRiskFreeTrialAbuse: ["sign_up_risk_free_trial_abuse", "smallint"],
};

/** Applies the given changes; a field left undefined keeps its value. */
export async function updateUserProfile(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  changes: UserProfileChanges,
): Promise<void> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, userId];
  const assignments = setClauses(changes, PROFILE_COLUMNS, params);
  if (assignments.length === 0) return;
  await q.query(`UPDATE users SET ${assignments.join(", ")} WHERE project_id = $1 AND branch_id = $2 AND id = $3`, params);
}

/**
 * Locks the user's row for the rest of the transaction; answers whether the user exists.
 * Every transaction that changes a user's contact channels takes this lock first, so writes
 * for one user queue instead of deadlocking or racing on the one-primary-address index.
 */
export async function lockUser(q: Queryable, tenant: Tenant, userId: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM users WHERE project_id = $1 AND branch_id = $2 AND id = $3 FOR UPDATE", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
  return rows.length > 0;
}

export async function deleteUserRow(q: Queryable, tenant: Tenant, userId: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM users WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING id", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
  return rows.length > 0;
}

/** Sets, changes or (with null) removes the user's primary e-mail channel. */
/** The user's primary e-mail channel, or null. */
export async function findPrimaryEmail(
  q: Queryable,
  tenant: Tenant,
  userId: string,
): Promise<{ value: string; isVerified: boolean; usedForAuth: boolean } | null> {
  const rows = await q.query<{ value: string; is_verified: boolean; used_for_auth: boolean }>(
    `SELECT value, is_verified, used_for_auth FROM contact_channels
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND type = 'email' AND is_primary`,
    [tenant.projectId, tenant.branchId, userId],
  );
  const row = rows[0];
  return row ? { value: row.value, isVerified: row.is_verified, usedForAuth: row.used_for_auth } : null;
}

/** The primary e-mail channel stays one of the user's channels, no longer primary. */
export async function demotePrimaryEmail(q: Queryable, tenant: Tenant, userId: string): Promise<void> {
  await q.query(
    "UPDATE contact_channels SET is_primary = false WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND type = 'email' AND is_primary",
    [tenant.projectId, tenant.branchId, userId],
  );
}

/**
 * Makes `email` the primary e-mail channel: the user's own channel with that address is
 * promoted (keeping its verification unless `isVerified` is given), else a new one is made
 * (unverified unless given). The old primary stays as a secondary channel.
 */
export async function makePrimaryEmail(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  email: { id: string; value: string; isVerified: boolean | undefined; usedForAuth: boolean },
): Promise<void> {
  await demotePrimaryEmail(q, tenant, userId);
  const promoted = await q.query(
    `UPDATE contact_channels SET is_primary = true, used_for_auth = $5, is_verified = COALESCE($6, is_verified)
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND type = 'email' AND value = $4 RETURNING id`,
    [tenant.projectId, tenant.branchId, userId, email.value, email.usedForAuth, email.isVerified ?? null],
  );
  if (promoted.length > 0) return;
  await insertContactChannel(q, tenant, {
    id: email.id,
    userId,
    value: email.value,
    isPrimary: true,
    isVerified: email.isVerified ?? false,
    usedForAuth: email.usedForAuth,
  });
}

/** Changes flags of the primary e-mail channel, when the user has one. */
export async function updatePrimaryEmailFlags(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  flags: { isVerified?: boolean; usedForAuth?: boolean },
): Promise<void> {
  await q.query(
    `UPDATE contact_channels SET is_verified = COALESCE($4, is_verified), used_for_auth = COALESCE($5, used_for_auth)
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND type = 'email' AND is_primary`,
    [tenant.projectId, tenant.branchId, userId, flags.isVerified ?? null, flags.usedForAuth ?? null],
  );
}

/** The user is active now; `countryCode`, when known, becomes their latest country. */
export async function touchUserActivity(q: Queryable, tenant: Tenant, userId: string, countryCode: string | null = null): Promise<void> {
  await q.query(
    "UPDATE users SET last_active_at = now(), last_country_code = coalesce($4, last_country_code) WHERE project_id = $1 AND branch_id = $2 AND id = $3",
    [tenant.projectId, tenant.branchId, userId, countryCode],
  );
}

/** Whether the project (branch) has any user yet: the start-up banner's "become the first admin" for `internal`. */
export async function hasAnyUser(q: Queryable, tenant: Tenant): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM users WHERE project_id = $1 AND branch_id = $2 LIMIT 1", [tenant.projectId, tenant.branchId]);
  return rows.length > 0;
}
