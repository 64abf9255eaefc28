/** Self-serve set-up links and test sign-ins (migration 0115). */
import type { Queryable } from "../db";
import type { SsoPortalLink, SsoTestOutcome, SsoTestSignIn } from "../../domain/sso";
import { jsonParam, toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

type LinkRow = {
  project_id: string;
  branch_id: string;
  id: string;
  team_id: string;
  token_hint: string;
  created_by_type: SsoPortalLink["createdBy"]["type"];
  created_by_id: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
};

const LINK_COLUMNS = "project_id, branch_id, id, team_id, token_hint, created_by_type, created_by_id, expires_at, revoked_at, last_used_at, created_at";

function toLink(row: LinkRow): SsoPortalLink {
  return {
    id: row.id,
    teamId: row.team_id,
    tokenHint: row.token_hint,
    createdBy: { type: row.created_by_type, id: row.created_by_id },
    expiresAtMillis: toMillis(row.expires_at),
    revokedAtMillis: toMillisOrNull(row.revoked_at),
    lastUsedAtMillis: toMillisOrNull(row.last_used_at),
    createdAtMillis: toMillis(row.created_at),
  };
}

export async function insertSsoPortalLink(
  q: Queryable,
  tenant: Tenant,
  link: { id: string; teamId: string; tokenHash: string; tokenHint: string; createdBy: SsoPortalLink["createdBy"]; expiresAt: Date },
): Promise<SsoPortalLink> {
  const rows = await q.query<LinkRow>(
    `INSERT INTO sso_portal_links (project_id, branch_id, id, team_id, token_hash, token_hint, created_by_type, created_by_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${LINK_COLUMNS}`,
    [tenant.projectId, tenant.branchId, link.id, link.teamId, link.tokenHash, link.tokenHint, link.createdBy.type, link.createdBy.id, link.expiresAt],
  );
  return toLink(rows[0]!);
}

export async function listSsoPortalLinks(q: Queryable, tenant: Tenant, teamId: string): Promise<SsoPortalLink[]> {
  const rows = await q.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM sso_portal_links WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 ORDER BY created_at DESC, id`,
    [tenant.projectId, tenant.branchId, teamId],
  );
  return rows.map(toLink);
}

/** Marks the link revoked (once); null when the team has no such link. */
export async function revokeSsoPortalLinkRow(q: Queryable, tenant: Tenant, teamId: string, id: string): Promise<SsoPortalLink | null> {
  const rows = await q.query<LinkRow>(
    `UPDATE sso_portal_links SET revoked_at = COALESCE(revoked_at, now())
     WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4 RETURNING ${LINK_COLUMNS}`,
    [tenant.projectId, tenant.branchId, teamId, id],
  );
  return rows[0] ? toLink(rows[0]) : null;
}

/** The live link of a token digest (not revoked, not expired), noting its use; null otherwise. */
export async function useSsoPortalLink(q: Queryable, tokenHash: string): Promise<(SsoPortalLink & Tenant) | null> {
  const rows = await q.query<LinkRow>(
    `UPDATE sso_portal_links SET last_used_at = now()
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING ${LINK_COLUMNS}`,
    [tokenHash],
  );
  const row = rows[0];
  return row ? { ...toLink(row), projectId: row.project_id, branchId: row.branch_id } : null;
}

// ---------------------------------------------------------------- test sign-ins

type TestRow = {
  id: string;
  team_id: string;
  connection_id: string;
  portal_link_id: string;
  outcome: unknown;
  created_at: Date;
  expires_at: Date;
};

const TEST_COLUMNS = "id, team_id, connection_id, portal_link_id, outcome, created_at, expires_at";

function toTest(row: TestRow): SsoTestSignIn {
  const outcome = typeof row.outcome === "string" ? JSON.parse(row.outcome) : row.outcome;
  return {
    id: row.id,
    teamId: row.team_id,
    connectionId: row.connection_id,
    portalLinkId: row.portal_link_id,
    outcome: (outcome ?? null) as SsoTestOutcome | null,
    createdAtMillis: toMillis(row.created_at),
    expiresAtMillis: toMillis(row.expires_at),
  };
}

export async function insertSsoTestSignIn(
  q: Queryable,
  tenant: Tenant,
  test: { id: string; teamId: string; connectionId: string; portalLinkId: string; expiresAt: Date },
): Promise<SsoTestSignIn> {
  // Old results go when new ones come.
  await q.query(`DELETE FROM sso_test_sign_ins WHERE expires_at <= now()`);
  const rows = await q.query<TestRow>(
    `INSERT INTO sso_test_sign_ins (project_id, branch_id, id, team_id, connection_id, portal_link_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${TEST_COLUMNS}`,
    [tenant.projectId, tenant.branchId, test.id, test.teamId, test.connectionId, test.portalLinkId, test.expiresAt],
  );
  return toTest(rows[0]!);
}

export async function findSsoTestSignIn(q: Queryable, tenant: Tenant, teamId: string, id: string): Promise<SsoTestSignIn | null> {
  const rows = await q.query<TestRow>(
    `SELECT ${TEST_COLUMNS} FROM sso_test_sign_ins WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND id = $4 AND expires_at > now()`,
    [tenant.projectId, tenant.branchId, teamId, id],
  );
  return rows[0] ? toTest(rows[0]) : null;
}

/** Notes the outcome once: a test answered already keeps its first outcome. */
export async function setSsoTestOutcome(q: Queryable, tenant: Tenant, id: string, outcome: SsoTestOutcome): Promise<void> {
  await q.query(`UPDATE sso_test_sign_ins SET outcome = $4::jsonb WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND outcome IS NULL`, [
    tenant.projectId,
    tenant.branchId,
    id,
    jsonParam(outcome),
  ]);
}
