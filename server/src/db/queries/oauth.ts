import type { Queryable } from "../db";
import { toMillis } from "./rows";
import type { Tenant } from "./tenant";

// ---------------------------------------------------------------- flows in progress

export interface OAuthFlowRecord {
  projectId: string;
  branchId: string;
  providerConfigId: string;
  sealedInfo: string;
  cookieBound: boolean;
  expiresAt: Date;
}

export async function insertOAuthFlow(q: Queryable, stateHash: string, flow: OAuthFlowRecord): Promise<void> {
  await q.query(
    `INSERT INTO oauth_flows (state_hash, project_id, branch_id, provider_config_id, sealed_info, cookie_bound, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [stateHash, flow.projectId, flow.branchId, flow.providerConfigId, flow.sealedInfo, flow.cookieBound, flow.expiresAt],
  );
}

type FlowRow = {
  project_id: string;
  branch_id: string;
  provider_config_id: string;
  sealed_info: string;
  cookie_bound: boolean;
  expires_at: Date;
};

const toFlow = (row: FlowRow): OAuthFlowRecord => ({
  projectId: row.project_id,
  branchId: row.branch_id,
  providerConfigId: row.provider_config_id,
  sealedInfo: row.sealed_info,
  cookieBound: row.cookie_bound,
  expiresAt: new Date(row.expires_at),
});

/** A flow by its state's digest, without using it up. */
export async function findOAuthFlow(q: Queryable, stateHash: string): Promise<OAuthFlowRecord | null> {
  const rows = await q.query<FlowRow>(
    "SELECT project_id, branch_id, provider_config_id, sealed_info, cookie_bound, expires_at FROM oauth_flows WHERE state_hash = $1",
    [stateHash],
  );
  return rows[0] ? toFlow(rows[0]) : null;
}

/** Uses a flow up: of two callbacks racing with one state, one gets it. */
export async function takeOAuthFlow(q: Queryable, stateHash: string): Promise<OAuthFlowRecord | null> {
  const rows = await q.query<FlowRow>(
    `DELETE FROM oauth_flows WHERE state_hash = $1
     RETURNING project_id, branch_id, provider_config_id, sealed_info, cookie_bound, expires_at`,
    [stateHash],
  );
  return rows[0] ? toFlow(rows[0]) : null;
}

// ---------------------------------------------------------------- linked accounts

export interface OAuthAccountRecord {
  id: string;
  userId: string;
  providerConfigId: string;
  accountId: string;
  email: string | null;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
  createdAtMillis: number;
}

type AccountRow = {
  id: string;
  user_id: string;
  provider_config_id: string;
  account_id: string;
  email: string | null;
  allow_sign_in: boolean;
  allow_connected_accounts: boolean;
  created_at: Date;
};

const ACCOUNT_COLUMNS = "id, user_id, provider_config_id, account_id, email, allow_sign_in, allow_connected_accounts, created_at";

const toAccount = (row: AccountRow): OAuthAccountRecord => ({
  id: row.id,
  userId: row.user_id,
  providerConfigId: row.provider_config_id,
  accountId: row.account_id,
  email: row.email,
  allowSignIn: row.allow_sign_in,
  allowConnectedAccounts: row.allow_connected_accounts,
  createdAtMillis: toMillis(row.created_at),
});

export async function insertOAuthAccount(q: Queryable, tenant: Tenant, account: Omit<OAuthAccountRecord, "createdAtMillis">): Promise<void> {
  await q.query(
    `INSERT INTO oauth_accounts (project_id, branch_id, id, user_id, provider_config_id, account_id, email, allow_sign_in, allow_connected_accounts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      tenant.projectId,
      tenant.branchId,
      account.id,
      account.userId,
      account.providerConfigId,
      account.accountId,
      account.email,
      account.allowSignIn,
      account.allowConnectedAccounts,
    ],
  );
}

/** The account that signs in with this provider account, if any. */
export async function findSignInAccount(q: Queryable, tenant: Tenant, providerConfigId: string, accountId: string): Promise<OAuthAccountRecord | null> {
  const rows = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM oauth_accounts
     WHERE project_id = $1 AND branch_id = $2 AND provider_config_id = $3 AND account_id = $4 AND allow_sign_in`,
    [tenant.projectId, tenant.branchId, providerConfigId, accountId],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Every user's link to this provider account (a provider account may be linked to several users, one of which signs in). */
export async function findAccountsByProviderAccount(
  q: Queryable,
  tenant: Tenant,
  providerConfigId: string,
  accountId: string,
): Promise<OAuthAccountRecord[]> {
  const rows = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM oauth_accounts
     WHERE project_id = $1 AND branch_id = $2 AND provider_config_id = $3 AND account_id = $4 ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, providerConfigId, accountId],
  );
  return rows.map(toAccount);
}

export async function listUserOAuthAccounts(q: Queryable, tenant: Tenant, userId: string): Promise<OAuthAccountRecord[]> {
  const rows = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM oauth_accounts WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, userId],
  );
  return rows.map(toAccount);
}

/** Every linked account of the project (the server's list without a user), oldest first. */
export async function listProjectOAuthAccounts(q: Queryable, tenant: Tenant): Promise<OAuthAccountRecord[]> {
  const rows = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM oauth_accounts WHERE project_id = $1 AND branch_id = $2 ORDER BY created_at, id LIMIT 1000`,
    [tenant.projectId, tenant.branchId],
  );
  return rows.map(toAccount);
}

export async function findUserOAuthAccount(q: Queryable, tenant: Tenant, userId: string, id: string): Promise<OAuthAccountRecord | null> {
  const rows = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM oauth_accounts WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND id = $4`,
    [tenant.projectId, tenant.branchId, userId, id],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function updateOAuthAccount(
  q: Queryable,
  tenant: Tenant,
  id: string,
  changes: { email?: string | null; accountId?: string; allowSignIn?: boolean; allowConnectedAccounts?: boolean },
): Promise<void> {
  await q.query(
    `UPDATE oauth_accounts SET
       email = CASE WHEN $4 THEN $5 ELSE email END,
       account_id = COALESCE($6, account_id),
       allow_sign_in = COALESCE($7, allow_sign_in),
       allow_connected_accounts = COALESCE($8, allow_connected_accounts)
     WHERE project_id = $1 AND branch_id = $2 AND id = $3`,
    [
      tenant.projectId,
      tenant.branchId,
      id,
      changes.email !== undefined,
      changes.email ?? null,
      changes.accountId ?? null,
      changes.allowSignIn ?? null,
      changes.allowConnectedAccounts ?? null,
    ],
  );
}

export async function deleteOAuthAccount(q: Queryable, tenant: Tenant, id: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM oauth_accounts WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING id", [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
  return rows.length > 0;
}

// ---------------------------------------------------------------- provider tokens

export interface OAuthTokenRecord {
  id: string;
  kind: "access" | "refresh";
  sealedToken: string;
  scopes: string[];
  expiresAt: Date | null;
}

export async function insertOAuthToken(
  q: Queryable,
  tenant: Tenant,
  accountId: string,
  token: OAuthTokenRecord,
): Promise<void> {
  await q.query(
    `INSERT INTO oauth_tokens (project_id, branch_id, id, oauth_account_id, kind, sealed_token, scopes, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [tenant.projectId, tenant.branchId, token.id, accountId, token.kind, token.sealedToken, token.scopes.join(" "), token.expiresAt],
  );
}

/** An account's tokens of one kind, newest first. */
export async function listOAuthTokens(q: Queryable, tenant: Tenant, accountId: string, kind: "access" | "refresh"): Promise<OAuthTokenRecord[]> {
  const rows = await q.query<{ id: string; kind: "access" | "refresh"; sealed_token: string; scopes: string; expires_at: Date | null }>(
    `SELECT id, kind, sealed_token, scopes, expires_at FROM oauth_tokens
     WHERE project_id = $1 AND branch_id = $2 AND oauth_account_id = $3 AND kind = $4 ORDER BY created_at DESC, id`,
    [tenant.projectId, tenant.branchId, accountId, kind],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    sealedToken: row.sealed_token,
    scopes: row.scopes.split(" ").filter(Boolean),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  }));
}

/** Drops an account's expired access tokens, and a refresh token the provider no longer takes. */
export async function deleteOAuthTokens(q: Queryable, tenant: Tenant, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query("DELETE FROM oauth_tokens WHERE project_id = $1 AND branch_id = $2 AND id = ANY($3::uuid[])", [
    tenant.projectId,
    tenant.branchId,
    ids,
  ]);
}

export async function deleteExpiredAccessTokens(q: Queryable, tenant: Tenant, accountId: string): Promise<void> {
  await q.query(
    `DELETE FROM oauth_tokens WHERE project_id = $1 AND branch_id = $2 AND oauth_account_id = $3
       AND kind = 'access' AND expires_at IS NOT NULL AND expires_at < now()`,
    [tenant.projectId, tenant.branchId, accountId],
  );
}
