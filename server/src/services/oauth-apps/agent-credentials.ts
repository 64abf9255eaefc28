/**
 * Agent-scoped credentials: a user gives an app or an AI agent an access token of the project's
 * OAuth server that stands for them in one team, with only some of their permissions there, and
 * only until an expiry they choose. A resource server reads what it stands for by introspection
 * (`team_id`, `permissions`, `agent_credential_id` beside the usual fields).
 *
 * The token is an ordinary opaque access token under a grant of its own; the credential row
 * (queries/oauth-agent-credentials.ts) says what it is for, and deleting the row (the user or an
 * admin revoking it, the user leaving the team, the team, user or app going) revokes the token
 * in the same statement (migration 0100's trigger).
 */
import { newId } from "../../crypto/random";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import { findOAuthApp } from "../../db/queries/oauth-apps";
import { deleteAgentCredential, insertAgentCredential, listAgentCredentials } from "../../db/queries/oauth-agent-credentials";
import type { AgentCredential } from "../../domain/oauth-apps";
import { isTeamMember } from "../../db/queries/teams";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { hasTeamPermission } from "../permissions/check";
import type { Tenancy } from "../projects/tenancy";
import { oauthServerFor } from "./provider";

/** The longest an agent credential may live: long enough for a job, short enough to be forgotten safely. */
export const AGENT_CREDENTIAL_MAX_SECONDS = 90 * 24 * 3600;
export const AGENT_CREDENTIAL_MAX_PERMISSIONS = 50;

export interface AgentCredentialRequest {
  clientId: string;
  teamId: string;
  permissions: string[];
  description: string;
  expiresAtMillis: number;
  /** One of the project's resources (oauthServer.resources), when the token is for that API only. */
  resource: string | null;
}

export async function createAgentCredential(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  request: AgentCredentialRequest,
): Promise<{ credential: AgentCredential; accessToken: string }> {
  if (!tenancy.config.oauthServer.enabled) throw new KnownError("OAUTH_SERVER_NOT_ENABLED");
  const invalid = (problem: string) => new KnownError("AGENT_CREDENTIAL_INVALID", { problem });
  const lifetimeSeconds = Math.floor((request.expiresAtMillis - Date.now()) / 1000);
  if (lifetimeSeconds < 60) throw invalid("it must expire at least a minute from now.");
  if (lifetimeSeconds > AGENT_CREDENTIAL_MAX_SECONDS) throw invalid(`it may live at most ${AGENT_CREDENTIAL_MAX_SECONDS / 86_400} days.`);
  const permissions = [...new Set(request.permissions)];
  if (permissions.length === 0) throw invalid("name at least one permission it carries.");
  const resource = request.resource === null ? null : Object.values(tenancy.config.oauthServer.resources).find((r) => r.uri === request.resource);
  if (request.resource !== null && !resource) throw invalid(`${request.resource} is not one of the project's resources.`);

  const app = await findOAuthApp(deps.db, tenancy.projectId, request.clientId);
  if (!app) throw new KnownError("OAUTH_APP_NOT_FOUND", { client_id: request.clientId });
  if (!(await isTeamMember(deps.db, tenancy, request.teamId, userId))) throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: request.teamId, user_id: userId });
  for (const permission of permissions) {
    // Only what the user holds in the team can be handed on.
    if (!(await hasTeamPermission(deps, tenancy, request.teamId, userId, permission))) {
      throw new KnownError("TEAM_PERMISSION_REQUIRED", { team_id: request.teamId, user_id: userId, permission_id: permission });
    }
  }

  const provider = await oauthServerFor(deps, tenancy.projectId);
  const client = await provider.Client.find(app.clientId);
  if (!client) throw new KnownError("OAUTH_APP_NOT_FOUND", { client_id: request.clientId });
  const id = newId();
  const grant = new provider.Grant({ accountId: userId, clientId: app.clientId });
  const resourceScopes = (resource?.scopes ?? "").split(" ").filter(Boolean);
  if (resource?.uri) grant.addResourceScope(resource.uri, resourceScopes);
  else grant.addOIDCScope("openid");
  const grantId = await grant.save();
  const token = new provider.AccessToken({
    accountId: userId,
    client,
    grantId,
    scope: resource ? resourceScopes.join(" ") : "openid",
    gty: "agent_credential",
    expiresIn: lifetimeSeconds,
  });
  if (resource?.uri) token.setAudience(resource.uri);
  // Handed back unchanged by extraTokenClaims (provider.ts), so introspection shows them.
  token.extra = { agent_credential_id: id, team_id: request.teamId, permissions };
  const accessToken = await token.save();
  try {
    // The user may leave the team, or the app go, between the checks above and this write.
    const credential = await unlessDeletedMeanwhile(
      () =>
        insertAgentCredential(deps.db, tenancy, {
          id,
          userId,
          clientId: app.clientId,
          grantId,
          teamId: request.teamId,
          permissions,
          description: request.description,
          resource: resource?.uri ?? null,
          expiresAtMillis: Date.now() + lifetimeSeconds * 1000,
        }),
      () => new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: request.teamId, user_id: userId }),
    );
    return { credential, accessToken };
  } catch (error) {
    // The token must not outlive the row it needs.
    await grant.destroy();
    throw error;
  }
}

export async function listUserAgentCredentials(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<AgentCredential[]> {
  return listAgentCredentials(deps.db, tenancy, userId);
}

export async function revokeAgentCredential(deps: ServiceDeps, tenancy: Tenancy, userId: string, id: string): Promise<void> {
  if (!(await deleteAgentCredential(deps.db, tenancy, userId, id))) throw new KnownError("AGENT_CREDENTIAL_NOT_FOUND", { credential_id: id });
}
