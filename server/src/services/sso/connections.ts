/**
 * A team's SSO connections: made, read, changed and removed by the project's server or admin
 * (and, later, by a set-up portal link scoped to one team: every function takes the team id and
 * touches nothing outside it).
 *
 * Secrets are sealed at rest with the server secret (deps.ssoSeal): an OIDC connection's client
 * secret, a SAML connection's SP private key. Neither is ever answered.
 */
import { newId } from "../../crypto/random";
import { deleteSsoConnectionRow, findSsoConnection, hasEnabledConnection, insertSsoConnection, listSsoConnections, updateSsoConnectionRow } from "../../db/queries/sso";
import type { NewSsoConnection, OidcSettings, SamlSettings, SsoConnection } from "../../domain/sso";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { resolvesToPrivateAddress } from "../../integrations/private-address";
import { isLoopback } from "../oauth/oidc-client";
import { expansionOf } from "../permissions/check";
import type { Tenancy } from "../projects/tenancy";
import { getTeam } from "../teams/teams";
import { recordAuditEvent } from "../audit-log/record";
import type { SsoAuditContext } from "./audit";
import { certificatePem, generateSpKeyPair, parseIdpMetadata, spEndpoints, type IdpMetadata, type SpEndpoints } from "./saml";

export const DEFAULT_OIDC_SCOPES = ["openid", "email", "profile"];

export interface OidcInput {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes?: string[];
}

export interface SamlInput {
  metadataXml?: string;
  metadataUrl?: string;
  idpEntityId?: string;
  idpSsoUrl?: string;
  idpCertificates?: string[];
  signRequests?: boolean;
  allowIdpInitiated?: boolean;
}

export interface ConnectionInput {
  protocol: "oidc" | "saml";
  displayName: string;
  enabled?: boolean;
  defaultPermissions?: string[];
  oidc?: OidcInput;
  saml?: SamlInput;
}

export type ConnectionChanges = Partial<Omit<ConnectionInput, "protocol" | "oidc">> & { oidc?: Partial<OidcInput> };

/** A connection as answered: its public settings and the URLs the IdP must be given. */
export interface ConnectionView {
  connection: SsoConnection;
  oidcRedirectUri: string | null;
  sp: SpEndpoints | null;
}

const invalid = (problem: string) => new KnownError("SSO_CONNECTION_INVALID", { problem });

export function oidcRedirectUri(publicUrl: string): string {
  return `${publicUrl}/api/v1/auth/sso/oidc/callback`;
}

export function viewOf(deps: ServiceDeps, tenancy: Tenancy, connection: SsoConnection): ConnectionView {
  return connection.protocol === "oidc"
    ? { connection, oidcRedirectUri: oidcRedirectUri(deps.settings.publicUrl), sp: null }
    : { connection, oidcRedirectUri: null, sp: spEndpoints(deps.settings.publicUrl, tenancy.projectId, connection.id) };
}

function checkPermissions(tenancy: Tenancy, permissions: string[]): string[] {
  const defined = expansionOf(tenancy.config, "team");
  const unknown = permissions.filter((id) => !defined.has(id));
  if (unknown.length > 0) throw invalid(`${unknown.join(", ")} ${unknown.length === 1 ? "is not a team permission" : "are not team permissions"} of this project`);
  return [...new Set(permissions)];
}

function checkUrl(deps: ServiceDeps, raw: string, what: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`${what} is not a URL`);
  }
  const loopbackHttp = url.protocol === "http:" && isLoopback(raw) && deps.settings.nodeEnv !== "production";
  if (url.protocol !== "https:" && !loopbackHttp) throw invalid(`${what} must be an HTTPS URL`);
  return raw;
}

/**
 * The issuer is fetched by the server (discovery, tokens): like SAML metadata URLs, it must not
 * reach a private network (loopback stand-ins aside, outside production). Checked when saved.
 */
async function checkIssuerHost(deps: ServiceDeps, issuer: string): Promise<void> {
  if (isLoopback(issuer) && deps.settings.nodeEnv !== "production") return;
  if (await resolvesToPrivateAddress(new URL(issuer).hostname)) throw invalid("the issuer reaches a private network");
}

function oidcSettings(deps: ServiceDeps, input: OidcInput): OidcSettings {
  const scopes = input.scopes ?? DEFAULT_OIDC_SCOPES;
  if (!scopes.includes("openid")) throw invalid("the scopes must include openid");
  return { issuer: checkUrl(deps, input.issuer.replace(/\/+$/, ""), "the issuer"), clientId: input.clientId, scopes: [...new Set(scopes)] };
}

async function idpFromInput(deps: ServiceDeps, input: SamlInput, current: SamlSettings | null): Promise<Omit<IdpMetadata, never>> {
  if (input.metadataXml !== undefined || input.metadataUrl !== undefined) {
    if (input.metadataXml !== undefined && input.metadataUrl !== undefined) throw invalid("give metadata_xml or metadata_url, not both");
    let xml = input.metadataXml;
    if (xml === undefined) {
      const url = input.metadataUrl!;
      try {
        xml = await deps.fetchSamlMetadata(url);
      } catch (error) {
        deps.log.info("SAML metadata fetch failed", { url, error: String(error) });
        throw new KnownError("SSO_METADATA_UNREACHABLE", { url });
      }
    }
    const metadata = parseIdpMetadata(xml);
    checkUrl(deps, metadata.ssoUrl, "the IdP's SSO URL");
    return metadata;
  }
  const entityId = input.idpEntityId ?? current?.idpEntityId;
  const ssoUrl = input.idpSsoUrl ?? current?.idpSsoUrl;
  const certificates = input.idpCertificates?.map(certificatePem) ?? current?.idpCertificates;
  if (!entityId || !ssoUrl || !certificates || certificates.length === 0) {
    throw invalid("a SAML connection needs the IdP's metadata (metadata_xml or metadata_url), or its entity id, SSO URL and certificates");
  }
  return { entityId, ssoUrl: checkUrl(deps, ssoUrl, "the IdP's SSO URL"), certificates };
}

export async function listConnections(deps: ServiceDeps, tenancy: Tenancy, teamId: string): Promise<ConnectionView[]> {
  await getTeam(deps, tenancy, teamId);
  return (await listSsoConnections(deps.db, tenancy, teamId)).map((c) => viewOf(deps, tenancy, c));
}

export async function getConnection(deps: ServiceDeps, tenancy: Tenancy, teamId: string, connectionId: string): Promise<SsoConnection> {
  await getTeam(deps, tenancy, teamId);
  const connection = await findSsoConnection(deps.db, tenancy, teamId, connectionId);
  if (!connection) throw new KnownError("SSO_CONNECTION_NOT_FOUND", { connection_id: connectionId });
  return connection;
}

export async function createConnection(deps: ServiceDeps, tenancy: Tenancy, teamId: string, input: ConnectionInput, audit: SsoAuditContext): Promise<ConnectionView> {
  const team = await getTeam(deps, tenancy, teamId);
  const base = {
    id: newId(),
    teamId,
    displayName: input.displayName,
    enabled: input.enabled ?? true,
    defaultPermissions: checkPermissions(tenancy, input.defaultPermissions ?? []),
  };
  let connection: NewSsoConnection;
  if (input.protocol === "oidc") {
    if (!input.oidc || input.saml) throw invalid("an OIDC connection takes the oidc settings only");
    if (!input.oidc.clientSecret) throw invalid("an OIDC connection needs the client secret");
    const settings = oidcSettings(deps, input.oidc);
    await checkIssuerHost(deps, settings.issuer);
    connection = { ...base, protocol: "oidc", settings, sealedSecret: deps.ssoSeal.seal(input.oidc.clientSecret) };
  } else {
    if (!input.saml || input.oidc) throw invalid("a SAML connection takes the saml settings only");
    const idp = await idpFromInput(deps, input.saml, null);
    const keys = await generateSpKeyPair(`${team.displayName} SSO`);
    connection = {
      ...base,
      protocol: "saml",
      settings: {
        idpEntityId: idp.entityId,
        idpSsoUrl: idp.ssoUrl,
        idpCertificates: idp.certificates,
        signRequests: input.saml.signRequests ?? false,
        allowIdpInitiated: input.saml.allowIdpInitiated ?? false,
        spCertificate: keys.certificatePem,
      },
      sealedSecret: deps.ssoSeal.seal(keys.privateKeyPem),
    };
  }
  const created = await deps.db.transaction(async (tx) => {
    const row = await insertSsoConnection(tx, tenancy, connection);
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "sso.connection.created",
      ...audit,
      target: { type: "sso_connection", id: row.id },
      teamId,
      details: { protocol: row.protocol, display_name: row.displayName },
    });
    return row;
  });
  return viewOf(deps, tenancy, created);
}

export async function updateConnection(
  deps: ServiceDeps,
  tenancy: Tenancy,
  teamId: string,
  connectionId: string,
  changes: ConnectionChanges,
  audit: SsoAuditContext,
): Promise<ConnectionView> {
  const current = await getConnection(deps, tenancy, teamId, connectionId);
  let settings = current.settings;
  let sealedSecret = current.sealedSecret;
  if (current.protocol === "oidc") {
    if (changes.saml) throw invalid("this is an OIDC connection");
    if (changes.oidc) {
      settings = oidcSettings(deps, {
        issuer: changes.oidc.issuer ?? current.settings.issuer,
        clientId: changes.oidc.clientId ?? current.settings.clientId,
        scopes: changes.oidc.scopes ?? current.settings.scopes,
      });
      if (settings.issuer !== current.settings.issuer) await checkIssuerHost(deps, settings.issuer);
      if (changes.oidc.clientSecret) sealedSecret = deps.ssoSeal.seal(changes.oidc.clientSecret);
    }
  } else {
    if (changes.oidc) throw invalid("this is a SAML connection");
    if (changes.saml) {
      const idp = await idpFromInput(deps, changes.saml, current.settings);
      settings = {
        ...current.settings,
        idpEntityId: idp.entityId,
        idpSsoUrl: idp.ssoUrl,
        idpCertificates: idp.certificates,
        signRequests: changes.saml.signRequests ?? current.settings.signRequests,
        allowIdpInitiated: changes.saml.allowIdpInitiated ?? current.settings.allowIdpInitiated,
      };
    }
  }
  const defaultPermissions = changes.defaultPermissions ? checkPermissions(tenancy, changes.defaultPermissions) : current.defaultPermissions;
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateSsoConnectionRow(tx, tenancy, teamId, {
      id: connectionId,
      displayName: changes.displayName ?? current.displayName,
      enabled: changes.enabled ?? current.enabled,
      defaultPermissions,
      settings,
      sealedSecret,
    });
    if (!row) return null;
    // What changed, by name: never the values, which hold secrets.
    const named = (prefix: string, fields: object | undefined) => Object.entries(fields ?? {}).filter(([, value]) => value !== undefined).map(([key]) => `${prefix}${key}`);
    const changed = [...named("", { ...changes, oidc: undefined, saml: undefined }), ...named("oidc.", changes.oidc), ...named("saml.", changes.saml)];
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "sso.connection.updated",
      ...audit,
      target: { type: "sso_connection", id: connectionId },
      teamId,
      details: { changed, enabled: row.enabled },
    });
    return row;
  });
  // Removed between the read and the write.
  if (!updated) throw new KnownError("SSO_CONNECTION_NOT_FOUND", { connection_id: connectionId });
  return viewOf(deps, tenancy, updated);
}

export async function deleteConnection(deps: ServiceDeps, tenancy: Tenancy, teamId: string, connectionId: string, audit: SsoAuditContext): Promise<void> {
  await getTeam(deps, tenancy, teamId);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteSsoConnectionRow(tx, tenancy, teamId, connectionId))) throw new KnownError("SSO_CONNECTION_NOT_FOUND", { connection_id: connectionId });
    await recordAuditEvent(deps, tx, { tenancy, action: "sso.connection.deleted", ...audit, target: { type: "sso_connection", id: connectionId }, teamId });
  });
}

/** Whether any team of the project has an enabled connection (the sign-in page offers SSO then). */
export async function hasEnabledSsoConnection(deps: ServiceDeps, tenancy: Tenancy): Promise<boolean> {
  return hasEnabledConnection(deps.db, tenancy);
}
