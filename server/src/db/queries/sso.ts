/** SSO connections, verified domains, flows, identities and used SAML assertions (migration 0110). */
import type { Queryable } from "../db";
import type { NewSsoConnection, SsoConnection, SsoDomain } from "../../domain/sso";
import { jsonParam, toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

// ---------------------------------------------------------------- connections

type ConnectionRow = {
  id: string;
  team_id: string;
  protocol: "oidc" | "saml";
  display_name: string;
  enabled: boolean;
  default_permissions: unknown;
  settings: unknown;
  sealed_secret: string | null;
  created_at: Date;
  updated_at: Date;
};

const CONNECTION_COLUMNS = "id, team_id, protocol, display_name, enabled, default_permissions, settings, sealed_secret, created_at, updated_at";

const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

function toConnection(row: ConnectionRow): SsoConnection {
  return {
    id: row.id,
    teamId: row.team_id,
    protocol: row.protocol,
    displayName: row.display_name,
    enabled: row.enabled,
    defaultPermissions: json(row.default_permissions) as string[],
    settings: json(row.settings),
    sealedSecret: row.sealed_secret,
    createdAtMillis: toMillis(row.created_at),
    updatedAtMillis: toMillis(row.updated_at),
  } as SsoConnection;
}

export async function insertSsoConnection(q: Queryable, tenant: Tenant, connection: NewSsoConnection): Promise<SsoConnection> {
  const rows = await q.query<ConnectionRow>(
    `INSERT INTO sso_connections (project_id, branch_id, id, team_id, protocol, display_name, enabled, default_permissions, settings, sealed_secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10) RETURNING ${CONNECTION_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      connection.id,
      connection.teamId,
      connection.protocol,
      connection.displayName,
      connection.enabled,
      jsonParam(connection.defaultPermissions),
      jsonParam(connection.settings),
      connection.sealedSecret,
    ],
  );
  return toConnection(rows[0]!);
}

/** A connection of the team (`teamId` null: of any team of the tenant, for the sign-in endpoints). */
export async function findSsoConnection(q: Queryable, tenant: Tenant, teamId: string | null, id: string): Promise<SsoConnection | null> {
  const rows = await q.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM sso_connections WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND ($4::uuid IS NULL OR team_id = $4::uuid)`,
    [tenant.projectId, tenant.branchId, id, teamId],
  );
  return rows[0] ? toConnection(rows[0]) : null;
}

export async function listSsoConnections(q: Queryable, tenant: Tenant, teamId: string): Promise<SsoConnection[]> {
  const rows = await q.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM sso_connections WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, teamId],
  );
  return rows.map(toConnection);
}

export async function updateSsoConnectionRow(
  q: Queryable,
  tenant: Tenant,
  teamId: string,
  connection: Pick<SsoConnection, "id" | "displayName" | "enabled" | "defaultPermissions" | "settings" | "sealedSecret">,
): Promise<SsoConnection | null> {
  const rows = await q.query<ConnectionRow>(
    `UPDATE sso_connections SET display_name = $5, enabled = $6, default_permissions = $7::jsonb, settings = $8::jsonb, sealed_secret = $9, updated_at = now()
     WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4 RETURNING ${CONNECTION_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      teamId,
      connection.id,
      connection.displayName,
      connection.enabled,
      jsonParam(connection.defaultPermissions),
      jsonParam(connection.settings),
      connection.sealedSecret,
    ],
  );
  return rows[0] ? toConnection(rows[0]) : null;
}

export async function deleteSsoConnectionRow(q: Queryable, tenant: Tenant, teamId: string, id: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM sso_connections WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4 RETURNING 1`, [
    tenant.projectId,
    tenant.branchId,
    teamId,
    id,
  ]);
  return rows.length > 0;
}

// ---------------------------------------------------------------- domains

type DomainRow = {
  id: string;
  team_id: string;
  domain: string;
  verification_token: string;
  verified_at: Date | null;
  auto_join: boolean;
  require_sso: boolean;
  created_at: Date;
};

const DOMAIN_COLUMNS = "id, team_id, domain, verification_token, verified_at, auto_join, require_sso, created_at";

function toDomain(row: DomainRow): SsoDomain {
  return {
    id: row.id,
    teamId: row.team_id,
    domain: row.domain,
    verificationToken: row.verification_token,
    verifiedAtMillis: toMillisOrNull(row.verified_at),
    autoJoin: row.auto_join,
    requireSso: row.require_sso,
    createdAtMillis: toMillis(row.created_at),
  };
}

export async function insertSsoDomain(q: Queryable, tenant: Tenant, domain: Pick<SsoDomain, "id" | "teamId" | "domain" | "verificationToken" | "autoJoin" | "requireSso">): Promise<SsoDomain | null> {
  const rows = await q.query<DomainRow>(
    `INSERT INTO sso_domains (project_id, branch_id, id, team_id, domain, verification_token, auto_join, require_sso)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (project_id, branch_id, team_id, domain) DO NOTHING RETURNING ${DOMAIN_COLUMNS}`,
    [tenant.projectId, tenant.branchId, domain.id, domain.teamId, domain.domain, domain.verificationToken, domain.autoJoin, domain.requireSso],
  );
  return rows[0] ? toDomain(rows[0]) : null;
}

export async function listSsoDomains(q: Queryable, tenant: Tenant, teamId: string): Promise<SsoDomain[]> {
  const rows = await q.query<DomainRow>(
    `SELECT ${DOMAIN_COLUMNS} FROM sso_domains WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 ORDER BY domain, id`,
    [tenant.projectId, tenant.branchId, teamId],
  );
  return rows.map(toDomain);
}

export async function findSsoDomain(q: Queryable, tenant: Tenant, teamId: string, id: string): Promise<SsoDomain | null> {
  const rows = await q.query<DomainRow>(`SELECT ${DOMAIN_COLUMNS} FROM sso_domains WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4`, [
    tenant.projectId,
    tenant.branchId,
    teamId,
    id,
  ]);
  return rows[0] ? toDomain(rows[0]) : null;
}

/** The verified owner of a domain in the tenant, if any. */
export async function findVerifiedDomain(q: Queryable, tenant: Tenant, domain: string): Promise<SsoDomain | null> {
  const rows = await q.query<DomainRow>(
    `SELECT ${DOMAIN_COLUMNS} FROM sso_domains WHERE project_id = $1 AND branch_id = $2 AND domain = $3 AND verified_at IS NOT NULL`,
    [tenant.projectId, tenant.branchId, domain],
  );
  return rows[0] ? toDomain(rows[0]) : null;
}

/** Marks a domain verified; null when another team verified it first (the partial unique index). */
export async function markSsoDomainVerified(q: Queryable, tenant: Tenant, teamId: string, id: string): Promise<SsoDomain | null> {
  const rows = await q.query<DomainRow>(
    `UPDATE sso_domains SET verified_at = coalesce(verified_at, now()) WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4 RETURNING ${DOMAIN_COLUMNS}`,
    [tenant.projectId, tenant.branchId, teamId, id],
  );
  return rows[0] ? toDomain(rows[0]) : null;
}

export async function updateSsoDomainOptions(
  q: Queryable,
  tenant: Tenant,
  teamId: string,
  id: string,
  options: { autoJoin: boolean; requireSso: boolean },
): Promise<SsoDomain | null> {
  const rows = await q.query<DomainRow>(
    `UPDATE sso_domains SET auto_join = $5, require_sso = $6 WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4 RETURNING ${DOMAIN_COLUMNS}`,
    [tenant.projectId, tenant.branchId, teamId, id, options.autoJoin, options.requireSso],
  );
  return rows[0] ? toDomain(rows[0]) : null;
}

export async function deleteSsoDomainRow(q: Queryable, tenant: Tenant, teamId: string, id: string): Promise<SsoDomain | null> {
  const rows = await q.query<DomainRow>(
    `DELETE FROM sso_domains WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4 RETURNING ${DOMAIN_COLUMNS}`,
    [tenant.projectId, tenant.branchId, teamId, id],
  );
  return rows[0] ? toDomain(rows[0]) : null;
}

// ---------------------------------------------------------------- flows

export interface SsoFlowRecord {
  projectId: string;
  branchId: string;
  connectionId: string;
  sealedInfo: string;
  cookieBound: boolean;
  expiresAt: Date;
}

type FlowRow = { project_id: string; branch_id: string; connection_id: string; sealed_info: string; cookie_bound: boolean; expires_at: Date };

const toFlow = (row: FlowRow): SsoFlowRecord => ({
  projectId: row.project_id,
  branchId: row.branch_id,
  connectionId: row.connection_id,
  sealedInfo: row.sealed_info,
  cookieBound: row.cookie_bound,
  expiresAt: new Date(row.expires_at),
});

export async function insertSsoFlow(q: Queryable, stateHash: string, flow: SsoFlowRecord): Promise<void> {
  await q.query(
    `INSERT INTO sso_flows (state_hash, project_id, branch_id, connection_id, sealed_info, cookie_bound, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [stateHash, flow.projectId, flow.branchId, flow.connectionId, flow.sealedInfo, flow.cookieBound, flow.expiresAt],
  );
}

export async function findSsoFlow(q: Queryable, stateHash: string): Promise<SsoFlowRecord | null> {
  const rows = await q.query<FlowRow>(
    "SELECT project_id, branch_id, connection_id, sealed_info, cookie_bound, expires_at FROM sso_flows WHERE state_hash = $1",
    [stateHash],
  );
  return rows[0] ? toFlow(rows[0]) : null;
}

/** Uses a flow up: of two answers racing with one state, one gets it. */
export async function takeSsoFlow(q: Queryable, stateHash: string): Promise<SsoFlowRecord | null> {
  const rows = await q.query<FlowRow>(
    "DELETE FROM sso_flows WHERE state_hash = $1 RETURNING project_id, branch_id, connection_id, sealed_info, cookie_bound, expires_at",
    [stateHash],
  );
  return rows[0] ? toFlow(rows[0]) : null;
}

// ---------------------------------------------------------------- identities and assertions

export async function findSsoIdentityUser(q: Queryable, tenant: Tenant, connectionId: string, subject: string): Promise<string | null> {
  const rows = await q.query<{ user_id: string }>(
    "SELECT user_id FROM sso_identities WHERE project_id = $1 AND branch_id = $2 AND connection_id = $3 AND subject = $4",
    [tenant.projectId, tenant.branchId, connectionId, subject],
  );
  return rows[0]?.user_id ?? null;
}

export async function insertSsoIdentity(q: Queryable, tenant: Tenant, identity: { connectionId: string; subject: string; userId: string; email: string | null }): Promise<void> {
  await q.query(
    "INSERT INTO sso_identities (project_id, branch_id, connection_id, subject, user_id, email) VALUES ($1, $2, $3, $4, $5, $6)",
    [tenant.projectId, tenant.branchId, identity.connectionId, identity.subject, identity.userId, identity.email],
  );
}

/** Records an assertion id; false when it was seen before (a replay). */
export async function rememberAssertion(q: Queryable, tenant: Tenant, connectionId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO sso_used_assertions (project_id, branch_id, connection_id, assertion_id, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [tenant.projectId, tenant.branchId, connectionId, assertionId, expiresAt],
  );
  return rows.length > 0;
}

/** One of the user's e-mail addresses on a verified domain that requires SSO, other than through `exceptTeamId`'s connections. */
export async function findSsoRequiredAddress(q: Queryable, tenant: Tenant, userId: string, exceptTeamId: string | null): Promise<string | null> {
  const rows = await q.query<{ value: string }>(
    `SELECT c.value FROM contact_channels c
     JOIN sso_domains d ON d.project_id = c.project_id AND d.branch_id = c.branch_id AND d.verified_at IS NOT NULL AND d.require_sso
       AND d.domain = lower(substring(c.value from position('@' in c.value) + 1))
     WHERE c.project_id = $1 AND c.branch_id = $2 AND c.user_id = $3 AND c.type = 'email' AND ($4::uuid IS NULL OR d.team_id <> $4::uuid)
     ORDER BY c.value LIMIT 1`,
    [tenant.projectId, tenant.branchId, userId, exceptTeamId],
  );
  return rows[0]?.value ?? null;
}

/** The first enabled connection of a team (the one e-mail discovery sends people to). */
export async function findTeamSignInConnection(q: Queryable, tenant: Tenant, teamId: string): Promise<SsoConnection | null> {
  const rows = await q.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM sso_connections WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND enabled ORDER BY created_at, id LIMIT 1`,
    [tenant.projectId, tenant.branchId, teamId],
  );
  return rows[0] ? toConnection(rows[0]) : null;
}

export async function hasEnabledConnection(q: Queryable, tenant: Tenant): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM sso_connections WHERE project_id = $1 AND branch_id = $2 AND enabled LIMIT 1", [tenant.projectId, tenant.branchId]);
  return rows.length > 0;
}
