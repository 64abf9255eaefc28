/**
 * The apps a user has allowed to sign them in ("Connected apps" in account settings, and the
 * user's page in the dashboard): what each may read, since when; disconnecting one revokes its
 * grant and every code and token issued under it at once.
 */
import { deleteAgentCredentialsOfClient } from "../../db/queries/oauth-agent-credentials";
import { findOAuthAppsByIds } from "../../db/queries/oauth-apps";
import { deleteOAuthServerRecordsByClient, listGrantsOfAccount } from "../../db/queries/oauth-server-records";
import type { OAuthApp } from "../../domain/oauth-apps";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export interface Connection {
  app: OAuthApp;
  scopes: string[];
  connectedAtMillis: number;
}

export async function listConnections(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<Connection[]> {
  const grants = await listGrantsOfAccount(deps.db, tenancy.projectId, userId);
  const apps = new Map((await findOAuthAppsByIds(deps.db, tenancy.projectId, grants.map((g) => g.clientId))).map((app) => [app.clientId, app]));
  return grants
    .filter((grant) => apps.has(grant.clientId))
    .map((grant) => ({ app: apps.get(grant.clientId)!, scopes: grant.scope.split(" ").filter(Boolean), connectedAtMillis: grant.grantedAtMillis }))
    .sort((a, b) => b.connectedAtMillis - a.connectedAtMillis);
}

/** Revokes everything the app holds from the user: its grants and tokens, and the agent credentials given to it. */
export async function revokeConnection(deps: ServiceDeps, tenancy: Tenancy, userId: string, clientId: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const credentials = await deleteAgentCredentialsOfClient(tx, tenancy, userId, clientId);
    return credentials + (await deleteOAuthServerRecordsByClient(tx, tenancy.projectId, clientId, userId));
  });
  if (removed === 0) throw new KnownError("OAUTH_APP_NOT_CONNECTED", { client_id: clientId });
}
