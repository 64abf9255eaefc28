import type { OAuthApp, OAuthAppGrantType } from "../../domain/oauth-apps";
import type { Queryable } from "../db";
import { jsonParam, toMillis, toMillisOrNull } from "./rows";

interface OAuthAppRow {
  client_id: string;
  display_name: string;
  token_endpoint_auth_method: OAuthApp["tokenEndpointAuthMethod"];
  secret_hash: string | null;
  secret_created_at: Date | string | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: OAuthAppGrantType[];
  scope: string;
  logo_url: string | null;
  homepage_url: string | null;
  registered_by: OAuthApp["registeredBy"];
  created_at: Date | string;
}

const COLUMNS = `client_id, display_name, token_endpoint_auth_method, secret_hash, secret_created_at, redirect_uris,
  post_logout_redirect_uris, grant_types, scope, logo_url, homepage_url, registered_by, created_at`;

function toApp(row: OAuthAppRow): OAuthApp {
  return {
    clientId: row.client_id,
    displayName: row.display_name,
    tokenEndpointAuthMethod: row.token_endpoint_auth_method,
    secretHash: row.secret_hash,
    secretCreatedAtMillis: toMillisOrNull(row.secret_created_at),
    redirectUris: row.redirect_uris,
    postLogoutRedirectUris: row.post_logout_redirect_uris,
    grantTypes: row.grant_types,
    scope: row.scope,
    logoUrl: row.logo_url,
    homepageUrl: row.homepage_url,
    registeredBy: row.registered_by,
    createdAtMillis: toMillis(row.created_at),
  };
}

export type NewOAuthApp = Omit<OAuthApp, "createdAtMillis" | "secretCreatedAtMillis">;

export async function insertOAuthApp(q: Queryable, projectId: string, app: NewOAuthApp): Promise<OAuthApp> {
  const rows = await q.query<OAuthAppRow>(
    `INSERT INTO oauth_apps (project_id, client_id, display_name, token_endpoint_auth_method, secret_hash, secret_created_at,
       redirect_uris, post_logout_redirect_uris, grant_types, scope, logo_url, homepage_url, registered_by)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10, $11, $12)
     RETURNING ${COLUMNS}`,
    [
      projectId,
      app.clientId,
      app.displayName,
      app.tokenEndpointAuthMethod,
      app.secretHash,
      jsonParam(app.redirectUris),
      jsonParam(app.postLogoutRedirectUris),
      jsonParam(app.grantTypes),
      app.scope,
      app.logoUrl,
      app.homepageUrl,
      app.registeredBy,
    ],
  );
  return toApp(rows[0]!);
}

export async function findOAuthApp(q: Queryable, projectId: string, clientId: string): Promise<OAuthApp | null> {
  const rows = await q.query<OAuthAppRow>(`SELECT ${COLUMNS} FROM oauth_apps WHERE project_id = $1 AND client_id = $2`, [projectId, clientId]);
  return rows[0] ? toApp(rows[0]) : null;
}

export async function findOAuthAppsByIds(q: Queryable, projectId: string, clientIds: readonly string[]): Promise<OAuthApp[]> {
  if (clientIds.length === 0) return [];
  const rows = await q.query<OAuthAppRow>(`SELECT ${COLUMNS} FROM oauth_apps WHERE project_id = $1 AND client_id = ANY($2::text[])`, [
    projectId,
    [...clientIds],
  ]);
  return rows.map(toApp);
}

export async function listOAuthApps(q: Queryable, projectId: string): Promise<OAuthApp[]> {
  const rows = await q.query<OAuthAppRow>(`SELECT ${COLUMNS} FROM oauth_apps WHERE project_id = $1 ORDER BY created_at, client_id`, [projectId]);
  return rows.map(toApp);
}

export type OAuthAppChanges = Partial<
  Pick<OAuthApp, "displayName" | "redirectUris" | "postLogoutRedirectUris" | "grantTypes" | "scope" | "logoUrl" | "homepageUrl">
>;

export async function updateOAuthApp(q: Queryable, projectId: string, clientId: string, changes: OAuthAppChanges): Promise<OAuthApp | null> {
  const rows = await q.query<OAuthAppRow>(
    `UPDATE oauth_apps SET
       display_name = COALESCE($3, display_name),
       redirect_uris = COALESCE($4::jsonb, redirect_uris),
       post_logout_redirect_uris = COALESCE($5::jsonb, post_logout_redirect_uris),
       grant_types = COALESCE($6::jsonb, grant_types),
       scope = COALESCE($7, scope),
       logo_url = CASE WHEN $8::boolean THEN $9 ELSE logo_url END,
       homepage_url = CASE WHEN $10::boolean THEN $11 ELSE homepage_url END
     WHERE project_id = $1 AND client_id = $2
     RETURNING ${COLUMNS}`,
    [
      projectId,
      clientId,
      changes.displayName ?? null,
      jsonParam(changes.redirectUris),
      jsonParam(changes.postLogoutRedirectUris),
      jsonParam(changes.grantTypes),
      changes.scope ?? null,
      changes.logoUrl !== undefined,
      changes.logoUrl ?? null,
      changes.homepageUrl !== undefined,
      changes.homepageUrl ?? null,
    ],
  );
  return rows[0] ? toApp(rows[0]) : null;
}

/** Replaces a confidential app's secret digest; false when there is no such confidential app. */
export async function replaceOAuthAppSecret(q: Queryable, projectId: string, clientId: string, secretHash: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE oauth_apps SET secret_hash = $3, secret_created_at = now()
     WHERE project_id = $1 AND client_id = $2 AND token_endpoint_auth_method <> 'none' RETURNING client_id`,
    [projectId, clientId, secretHash],
  );
  return rows.length > 0;
}

export async function deleteOAuthApp(q: Queryable, projectId: string, clientId: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM oauth_apps WHERE project_id = $1 AND client_id = $2 RETURNING client_id`, [projectId, clientId]);
  return rows.length > 0;
}

export async function countOAuthApps(q: Queryable, projectId: string, registeredBy: OAuthApp["registeredBy"]): Promise<number> {
  const rows = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM oauth_apps WHERE project_id = $1 AND registered_by = $2`, [
    projectId,
    registeredBy,
  ]);
  return Number(rows[0]?.n ?? 0);
}
