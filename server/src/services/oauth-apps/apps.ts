/**
 * The project's OAuth apps as admins manage them. A confidential app's secret is made here,
 * shown once (on creation and on rotation) and stored as a digest; removing an app revokes
 * everything it was given (grants, codes, tokens) in the same transaction.
 */
import { hashSecret } from "../../crypto/secret-hash";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import {
  deleteOAuthApp as deleteAppRow,
  findOAuthApp,
  insertOAuthApp,
  listOAuthApps as listAppRows,
  replaceOAuthAppSecret,
  updateOAuthApp as updateAppRow,
  type OAuthAppChanges,
} from "../../db/queries/oauth-apps";
import { deleteOAuthServerRecordsByClient } from "../../db/queries/oauth-server-records";
import type { OAuthApp, OAuthAppAuthMethod, OAuthAppGrantType } from "../../domain/oauth-apps";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { MAX_REDIRECT_URIS, newClientId, newClientSecret, redirectUriProblem } from "./app-rules";
import { isOAuthServerScope } from "./scopes";

export interface OAuthAppInput {
  displayName: string;
  tokenEndpointAuthMethod: OAuthAppAuthMethod;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: OAuthAppGrantType[];
  scope: string;
  logoUrl: string | null;
  homepageUrl: string | null;
}

/** The scopes an app may be limited to: the server's, and those of the project's resources. */
function knownScopes(tenancy: Tenancy): Set<string> {
  const resourceScopes = Object.values(tenancy.config.oauthServer.resources).flatMap((r) => (r.scopes ?? "").split(" "));
  return new Set(resourceScopes.filter(Boolean));
}

/** Throws OAUTH_APP_INVALID for the first rule the app breaks; returns it tidied (URIs once each). */
function checkedApp(tenancy: Tenancy, app: OAuthAppInput): OAuthAppInput {
  const refuse = (problem: string): never => {
    throw new KnownError("OAUTH_APP_INVALID", { problem });
  };
  const redirectUris = [...new Set(app.redirectUris)];
  const postLogoutRedirectUris = [...new Set(app.postLogoutRedirectUris)];
  const grantTypes = [...new Set(app.grantTypes)];
  if (grantTypes.length === 0) refuse("it needs at least one grant type.");
  const signsUsersIn = grantTypes.includes("authorization_code");
  if (signsUsersIn && redirectUris.length === 0) refuse("the authorization_code grant needs at least one redirect URI.");
  if (!signsUsersIn && redirectUris.length > 0) refuse("redirect URIs are for apps with the authorization_code grant.");
  if (redirectUris.length > MAX_REDIRECT_URIS || postLogoutRedirectUris.length > MAX_REDIRECT_URIS) refuse(`it may have at most ${MAX_REDIRECT_URIS} redirect URIs of each kind.`);
  for (const uri of [...redirectUris, ...postLogoutRedirectUris]) {
    const problem = redirectUriProblem(uri);
    if (problem) refuse(`${problem}.`);
  }
  if (app.tokenEndpointAuthMethod === "none" && grantTypes.includes("client_credentials")) {
    refuse("a public app (no secret) cannot use the client_credentials grant, which only a secret proves.");
  }
  if (grantTypes.includes("refresh_token") && grantTypes.length === 1) refuse("refresh_token goes with a grant that signs a user in.");
  const resourceScopes = knownScopes(tenancy);
  for (const scope of app.scope.split(" ").filter(Boolean)) {
    if (!isOAuthServerScope(scope) && !resourceScopes.has(scope)) refuse(`the scope ${scope} is neither one the server grants nor one of a resource of the project.`);
  }
  return { ...app, redirectUris, postLogoutRedirectUris, grantTypes, scope: app.scope.split(" ").filter(Boolean).join(" ") };
}

export async function listOAuthApps(deps: ServiceDeps, tenancy: Tenancy): Promise<OAuthApp[]> {
  return listAppRows(deps.db, tenancy.projectId);
}

export async function getOAuthApp(deps: ServiceDeps, tenancy: Tenancy, clientId: string): Promise<OAuthApp> {
  const app = await findOAuthApp(deps.db, tenancy.projectId, clientId);
  if (!app) throw new KnownError("OAUTH_APP_NOT_FOUND", { client_id: clientId });
  return app;
}

export async function createOAuthApp(deps: ServiceDeps, tenancy: Tenancy, input: OAuthAppInput): Promise<{ app: OAuthApp; secret: string | null }> {
  const app = checkedApp(tenancy, input);
  const secret = app.tokenEndpointAuthMethod === "none" ? null : newClientSecret();
  const created = await unlessDeletedMeanwhile(
    () => insertOAuthApp(deps.db, tenancy.projectId, { ...app, clientId: newClientId(), secretHash: secret === null ? null : hashSecret(secret), registeredBy: "admin" }),
    () => new KnownError("CURRENT_PROJECT_NOT_FOUND", { project_id: tenancy.projectId }),
  );
  return { app: created, secret };
}

export async function updateOAuthApp(deps: ServiceDeps, tenancy: Tenancy, clientId: string, changes: OAuthAppChanges): Promise<OAuthApp> {
  const current = await getOAuthApp(deps, tenancy, clientId);
  const merged = checkedApp(tenancy, { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
  const updated = await updateAppRow(deps.db, tenancy.projectId, clientId, {
    displayName: changes.displayName === undefined ? undefined : merged.displayName,
    redirectUris: changes.redirectUris === undefined ? undefined : merged.redirectUris,
    postLogoutRedirectUris: changes.postLogoutRedirectUris === undefined ? undefined : merged.postLogoutRedirectUris,
    grantTypes: changes.grantTypes === undefined ? undefined : merged.grantTypes,
    scope: changes.scope === undefined ? undefined : merged.scope,
    logoUrl: changes.logoUrl,
    homepageUrl: changes.homepageUrl,
  });
  if (!updated) throw new KnownError("OAUTH_APP_NOT_FOUND", { client_id: clientId });
  return updated;
}

export async function rotateOAuthAppSecret(deps: ServiceDeps, tenancy: Tenancy, clientId: string): Promise<string> {
  const app = await getOAuthApp(deps, tenancy, clientId);
  if (app.tokenEndpointAuthMethod === "none") throw new KnownError("OAUTH_APP_INVALID", { problem: "a public app has no secret to rotate." });
  const secret = newClientSecret();
  if (!(await replaceOAuthAppSecret(deps.db, tenancy.projectId, clientId, hashSecret(secret)))) {
    throw new KnownError("OAUTH_APP_NOT_FOUND", { client_id: clientId });
  }
  return secret;
}

/** Removes the app and revokes everything issued to it, at once. */
export async function deleteOAuthApp(deps: ServiceDeps, tenancy: Tenancy, clientId: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await deleteAppRow(tx, tenancy.projectId, clientId))) return false;
    await deleteOAuthServerRecordsByClient(tx, tenancy.projectId, clientId);
    return true;
  });
  if (!deleted) throw new KnownError("OAUTH_APP_NOT_FOUND", { client_id: clientId });
}
