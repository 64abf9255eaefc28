/**
 * Set-based writes for the importer: a batch of users, their primary e-mails, OAuth accounts,
 * teams and memberships, each in one statement over arrays (unnest), and the metrics counters
 * for the batch in one statement each. The caller runs them in one transaction after
 * `beginBulkImport`, which turns the per-row counting triggers off for that transaction only
 * (migration 0093), so the counters must be added here exactly as those triggers would have.
 */
import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export interface UserRow {
  id: string;
  displayName: string | null;
  profileImageUrl: string | null;
  clientMetadata: string | null;
  clientReadOnlyMetadata: string | null;
  serverMetadata: string | null;
  passwordHash: string | null;
  hasVerifiedEmail: boolean;
  signedUpAt: string | null;
}

export interface ChannelRow {
  id: string;
  userId: string;
  value: string;
  isVerified: boolean;
  createdAt: string | null;
}

export interface OauthAccountRow {
  id: string;
  userId: string;
  provider: string;
  accountId: string;
  email: string | null;
}

export interface TeamRow {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: string | null;
  clientReadOnlyMetadata: string | null;
  serverMetadata: string | null;
  createdAt: string | null;
}

const column = <T, K extends keyof T>(rows: readonly T[], key: K): Array<T[K]> => rows.map((row) => row[key]);

export async function beginBulkImport(tx: Queryable): Promise<void> {
  await tx.query("SELECT set_config('gatehouse.bulk_import', 'on', true)");
}

export async function findExistingUserIds(q: Queryable, tenant: Tenant, ids: string[]): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>("SELECT id FROM users WHERE project_id = $1 AND branch_id = $2 AND id = ANY($3::uuid[])", [tenant.projectId, tenant.branchId, ids]);
  return new Set(rows.map((row) => row.id));
}

/** The addresses among `emails` that already sign in to some user, with that user. */
export async function findSignInEmails(q: Queryable, tenant: Tenant, emails: string[]): Promise<Map<string, string>> {
  const rows = await q.query<{ value: string; user_id: string }>(
    `SELECT c.value, c.user_id FROM unnest($3::text[]) AS e(value)
     JOIN contact_channels c ON c.project_id = $1 AND c.branch_id = $2 AND c.type = 'email' AND c.used_for_auth AND c.value = e.value`,
    [tenant.projectId, tenant.branchId, emails],
  );
  return new Map(rows.map((row) => [row.value, row.user_id]));
}

export async function insertUsers(tx: Queryable, tenant: Tenant, rows: UserRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO users (project_id, branch_id, id, display_name, profile_image_url, client_metadata, client_read_only_metadata,
       server_metadata, password_hash, has_verified_email, signed_up_at, last_active_at)
     SELECT $1, $2, u.id, u.display_name, u.profile_image_url, u.client_metadata, u.client_read_only_metadata,
       u.server_metadata, u.password_hash, u.has_verified_email, coalesce(u.signed_up_at, now()), coalesce(u.signed_up_at, now())
     FROM unnest($3::uuid[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[], $8::jsonb[], $9::text[], $10::boolean[], $11::timestamptz[])
       AS u(id, display_name, profile_image_url, client_metadata, client_read_only_metadata, server_metadata, password_hash, has_verified_email, signed_up_at)`,
    [
      tenant.projectId,
      tenant.branchId,
      column(rows, "id"),
      column(rows, "displayName"),
      column(rows, "profileImageUrl"),
      column(rows, "clientMetadata"),
      column(rows, "clientReadOnlyMetadata"),
      column(rows, "serverMetadata"),
      column(rows, "passwordHash"),
      column(rows, "hasVerifiedEmail"),
      column(rows, "signedUpAt"),
    ],
  );
}

export async function insertPrimaryEmails(tx: Queryable, tenant: Tenant, rows: ChannelRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO contact_channels (project_id, branch_id, id, user_id, type, value, is_primary, is_verified, used_for_auth, created_at)
     SELECT $1, $2, c.id, c.user_id, 'email', c.value, true, c.is_verified, true, coalesce(c.created_at, now())
     FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::boolean[], $7::timestamptz[]) AS c(id, user_id, value, is_verified, created_at)`,
    [tenant.projectId, tenant.branchId, column(rows, "id"), column(rows, "userId"), column(rows, "value"), column(rows, "isVerified"), column(rows, "createdAt")],
  );
}

export async function insertOauthAccounts(tx: Queryable, tenant: Tenant, rows: OauthAccountRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO oauth_accounts (project_id, branch_id, id, user_id, provider_config_id, account_id, email, allow_sign_in, allow_connected_accounts)
     SELECT $1, $2, a.id, a.user_id, a.provider, a.account_id, a.email, true, true
     FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[]) AS a(id, user_id, provider, account_id, email)
     ON CONFLICT DO NOTHING`,
    [tenant.projectId, tenant.branchId, column(rows, "id"), column(rows, "userId"), column(rows, "provider"), column(rows, "accountId"), column(rows, "email")],
  );
}

/**
 * Teams described in full are written or brought up to date; teams only named by a membership
 * are made when missing. Answers how many rows are new, for the counters.
 */
export async function upsertTeams(tx: Queryable, tenant: Tenant, rows: TeamRow[], mode: "full" | "named"): Promise<number> {
  if (rows.length === 0) return 0;
  const onConflict =
    mode === "full"
      ? `ON CONFLICT (project_id, branch_id, id) DO UPDATE SET display_name = EXCLUDED.display_name, profile_image_url = EXCLUDED.profile_image_url,
           client_metadata = EXCLUDED.client_metadata, client_read_only_metadata = EXCLUDED.client_read_only_metadata, server_metadata = EXCLUDED.server_metadata`
      : "ON CONFLICT (project_id, branch_id, id) DO NOTHING";
  const inserted = await tx.query<{ inserted: boolean }>(
    `INSERT INTO teams AS t (project_id, branch_id, id, display_name, profile_image_url, client_metadata, client_read_only_metadata, server_metadata, created_at)
     SELECT $1, $2, r.id, r.display_name, r.profile_image_url, r.client_metadata, r.client_read_only_metadata, r.server_metadata, coalesce(r.created_at, now())
     FROM unnest($3::uuid[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[], $8::jsonb[], $9::timestamptz[])
       AS r(id, display_name, profile_image_url, client_metadata, client_read_only_metadata, server_metadata, created_at)
     ${onConflict}
     RETURNING (xmax = 0) AS inserted`,
    [
      tenant.projectId,
      tenant.branchId,
      column(rows, "id"),
      column(rows, "displayName"),
      column(rows, "profileImageUrl"),
      column(rows, "clientMetadata"),
      column(rows, "clientReadOnlyMetadata"),
      column(rows, "serverMetadata"),
      column(rows, "createdAt"),
    ],
  );
  return inserted.filter((row) => row.inserted).length;
}

export async function insertMemberships(tx: Queryable, tenant: Tenant, rows: Array<{ teamId: string; userId: string }>): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO team_members (project_id, branch_id, team_id, user_id)
     SELECT $1, $2, m.team_id, m.user_id FROM unnest($3::uuid[], $4::uuid[]) AS m(team_id, user_id)
     ON CONFLICT DO NOTHING`,
    [tenant.projectId, tenant.branchId, column(rows, "teamId"), column(rows, "userId")],
  );
}

/** Adds the batch's users to user_counts as count_users_change would, on one shard of the caller's choosing. */
export async function countImportedUsers(tx: Queryable, tenant: Tenant, userIds: string[], shard: number): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query(
    `INSERT INTO user_counts AS c
     SELECT project_id, branch_id, is_anonymous, password_hash IS NOT NULL, otp_auth_enabled, passkey_auth_enabled, has_verified_email,
       coalesce(last_country_code, country_code, ''), $4::smallint, count(*)
     FROM users WHERE project_id = $1 AND branch_id = $2 AND id = ANY($3::uuid[])
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
     ON CONFLICT (project_id, branch_id, is_anonymous, has_password, otp_auth_enabled, passkey_auth_enabled, has_verified_email, country_code, shard)
     DO UPDATE SET users = c.users + EXCLUDED.users`,
    [tenant.projectId, tenant.branchId, userIds, shard],
  );
}

export async function countImportedTeams(tx: Queryable, tenant: Tenant, teams: number, shard: number): Promise<void> {
  if (teams === 0) return;
  await tx.query(
    `INSERT INTO team_counts AS c VALUES ($1, $2, $3::smallint, $4)
     ON CONFLICT (project_id, branch_id, shard) DO UPDATE SET teams = c.teams + EXCLUDED.teams`,
    [tenant.projectId, tenant.branchId, shard, teams],
  );
}

export async function projectExists(q: Queryable, projectId: string): Promise<boolean> {
  return (await q.query("SELECT 1 FROM projects WHERE id = $1", [projectId])).length > 0;
}

export interface ExportedUserRow {
  id: string;
  display_name: string | null;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  server_metadata: unknown;
  password_hash: string | null;
  signed_up_at: Date | string;
  primary_email: string | null;
  primary_email_verified: boolean | null;
  oauth_providers: Array<{ id: string; account_id: string; email: string | null }>;
  team_ids: string[];
}

/** A page of the project's users for `gatehouse export`, after `afterId` in id order. */
export async function exportUsersPage(q: Queryable, tenant: Tenant, afterId: string | null, limit: number): Promise<ExportedUserRow[]> {
  return q.query<ExportedUserRow>(
    `SELECT u.id, u.display_name, u.profile_image_url, u.client_metadata, u.client_read_only_metadata, u.server_metadata, u.password_hash, u.signed_up_at,
       c.value AS primary_email, c.is_verified AS primary_email_verified,
       coalesce((SELECT json_agg(json_build_object('id', a.provider_config_id, 'account_id', a.account_id, 'email', a.email) ORDER BY a.created_at)
         FROM oauth_accounts a WHERE a.project_id = u.project_id AND a.branch_id = u.branch_id AND a.user_id = u.id), '[]') AS oauth_providers,
       coalesce((SELECT json_agg(m.team_id ORDER BY m.team_id)
         FROM team_members m WHERE m.project_id = u.project_id AND m.branch_id = u.branch_id AND m.user_id = u.id), '[]') AS team_ids
     FROM users u
     LEFT JOIN contact_channels c ON c.project_id = u.project_id AND c.branch_id = u.branch_id AND c.user_id = u.id AND c.type = 'email' AND c.is_primary
     WHERE u.project_id = $1 AND u.branch_id = $2 AND NOT u.is_anonymous AND ($3::uuid IS NULL OR u.id > $3::uuid)
     ORDER BY u.id LIMIT $4`,
    [tenant.projectId, tenant.branchId, afterId, limit],
  );
}

export interface ExportedTeamRow {
  id: string;
  display_name: string;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  server_metadata: unknown;
  created_at: Date | string;
}

export async function exportTeamsPage(q: Queryable, tenant: Tenant, afterId: string | null, limit: number): Promise<ExportedTeamRow[]> {
  return q.query<ExportedTeamRow>(
    `SELECT id, display_name, profile_image_url, client_metadata, client_read_only_metadata, server_metadata, created_at FROM teams
     WHERE project_id = $1 AND branch_id = $2 AND ($3::uuid IS NULL OR id > $3::uuid) ORDER BY id LIMIT $4`,
    [tenant.projectId, tenant.branchId, afterId, limit],
  );
}

/** Grants each of `permissionIds` to each (team, user) pair; team is null for project permissions. */
export async function insertDefaultGrants(
  tx: Queryable,
  tenant: Tenant,
  scope: "team" | "project",
  pairs: Array<{ teamId: string | null; userId: string }>,
  permissionIds: string[],
): Promise<void> {
  if (pairs.length === 0 || permissionIds.length === 0) return;
  await tx.query(
    `INSERT INTO permission_grants (project_id, branch_id, scope, team_id, user_id, permission_id)
     SELECT $1, $2, $3, g.team_id, g.user_id, p.id
     FROM unnest($4::uuid[], $5::uuid[]) AS g(team_id, user_id) CROSS JOIN unnest($6::text[]) AS p(id)
     ON CONFLICT DO NOTHING`,
    [tenant.projectId, tenant.branchId, scope, column(pairs, "teamId"), column(pairs, "userId"), permissionIds],
  );
}
