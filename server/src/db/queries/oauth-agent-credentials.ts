import type { AgentCredential } from "../../domain/oauth-apps";
import type { Queryable } from "../db";
import { jsonParam, toMillis } from "./rows";
import type { Tenant } from "./tenant";


interface Row {
  id: string;
  user_id: string;
  client_id: string;
  grant_id: string;
  team_id: string;
  permissions: string[];
  description: string;
  resource: string | null;
  expires_at: Date | string;
  created_at: Date | string;
}

const COLUMNS = "id, user_id, client_id, grant_id, team_id, permissions, description, resource, expires_at, created_at";

const toCredential = (row: Row): AgentCredential => ({
  id: row.id,
  userId: row.user_id,
  clientId: row.client_id,
  grantId: row.grant_id,
  teamId: row.team_id,
  permissions: row.permissions,
  description: row.description,
  resource: row.resource,
  expiresAtMillis: toMillis(row.expires_at),
  createdAtMillis: toMillis(row.created_at),
});

export async function insertAgentCredential(q: Queryable, tenant: Tenant, credential: Omit<AgentCredential, "createdAtMillis">): Promise<AgentCredential> {
  const rows = await q.query<Row>(
    `INSERT INTO oauth_agent_credentials (project_id, branch_id, id, user_id, client_id, grant_id, team_id, permissions, description, resource, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11) RETURNING ${COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      credential.id,
      credential.userId,
      credential.clientId,
      credential.grantId,
      credential.teamId,
      jsonParam(credential.permissions),
      credential.description,
      credential.resource,
      new Date(credential.expiresAtMillis),
    ],
  );
  return toCredential(rows[0]!);
}

/** A user's live credentials, newest first. */
export async function listAgentCredentials(q: Queryable, tenant: Tenant, userId: string): Promise<AgentCredential[]> {
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS} FROM oauth_agent_credentials
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND expires_at > now() ORDER BY created_at DESC, id`,
    [tenant.projectId, tenant.branchId, userId],
  );
  return rows.map(toCredential);
}

/** Deletes one of the user's credentials (a trigger revokes its token); false when there is none. */
export async function deleteAgentCredential(q: Queryable, tenant: Tenant, userId: string, id: string): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM oauth_agent_credentials WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND id = $4 RETURNING id`,
    [tenant.projectId, tenant.branchId, userId, id],
  );
  return rows.length > 0;
}

/** Deletes the credentials a user gave one app (a trigger revokes their tokens); answers how many. */
export async function deleteAgentCredentialsOfClient(q: Queryable, tenant: Tenant, userId: string, clientId: string): Promise<number> {
  const rows = await q.query(
    `DELETE FROM oauth_agent_credentials WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND client_id = $4 RETURNING id`,
    [tenant.projectId, tenant.branchId, userId, clientId],
  );
  return rows.length;
}
