import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { SERVER_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import type { AppEnv } from "../../http/env";
import type { SsoAuditContext } from "../../services/sso/audit";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { DisplayNameSchema, SuccessSchema, UrlSchema } from "../../http/schemas";
import {
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  updateConnection,
  viewOf,
  type ConnectionView,
  type SamlInput,
  type ConnectionChanges,
  type ConnectionInput,
} from "../../services/sso/connections";

/** Who made a change, for the audit log: the project's server or admin (an owner's admin token names them), and from where. */
export function auditContext(c: Context<AppEnv>): SsoAuditContext {
  const auth = c.var.auth;
  const actor: SsoAuditContext["actor"] = auth.type === "admin" ? { type: "admin", id: auth.owner?.userId ?? null } : { type: "server", id: null };
  return { actor, client: clientInfo(c) };
}

export const TeamParam = z.object({ team_id: z.uuid().openapi({ param: { name: "team_id", in: "path" } }) });
const ConnectionParams = TeamParam.extend({ connection_id: z.uuid().openapi({ param: { name: "connection_id", in: "path" } }) });

const TeamPermissionIds = z
  .array(z.string().min(1).max(100).regex(/^\$?[a-z0-9_:]+$/))
  .max(50)
  .openapi({ description: "Team permissions a user gets on joining the team through this connection; empty: the project's default member permissions." });

const OidcInputSchema = z.strictObject({
  issuer: UrlSchema.openapi({ description: "The OpenID provider's issuer URL (its discovery document is at `/.well-known/openid-configuration` below it). HTTPS." }),
  client_id: z.string().min(1).max(512),
  client_secret: z.string().min(1).max(2048).openapi({ description: "Stored sealed; never answered." }),
  scopes: z.array(z.string().min(1).max(128).regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/)).min(1).max(20).optional().openapi({ description: "Default `openid email profile`." }),
});

const SamlInputSchema = z.strictObject({
  metadata_xml: z.string().min(1).max(1_000_000).optional().openapi({ description: "The IdP's metadata document (EntityDescriptor)." }),
  metadata_url: UrlSchema.optional().openapi({ description: "Where the IdP publishes its metadata (HTTPS); fetched once, when saved." }),
  idp_entity_id: z.string().min(1).max(1024).optional(),
  idp_sso_url: UrlSchema.optional(),
  idp_certificates: z.array(z.string().min(1).max(20_000)).min(1).max(5).optional().openapi({ description: "PEM or base64 X.509 signing certificates." }),
  sign_requests: z.boolean().optional().openapi({ description: "Sign AuthnRequests with the connection's SP key. Default false." }),
  allow_idp_initiated: z.boolean().optional().openapi({ description: "Follow sign-ins the IdP starts (IdP-initiated). Default false." }),
});

export const CreateConnectionSchema = z
  .strictObject({
    protocol: z.enum(["oidc", "saml"]),
    display_name: DisplayNameSchema.min(1),
    enabled: z.boolean().optional(),
    default_permissions: TeamPermissionIds.optional(),
    oidc: OidcInputSchema.optional(),
    saml: SamlInputSchema.optional(),
  })
  .openapi("SsoConnectionCreate");

export const UpdateConnectionSchema = z
  .strictObject({
    display_name: DisplayNameSchema.min(1).optional(),
    enabled: z.boolean().optional(),
    default_permissions: TeamPermissionIds.optional(),
    oidc: OidcInputSchema.partial().optional(),
    saml: SamlInputSchema.optional(),
  })
  .openapi("SsoConnectionUpdate");

export const SsoConnectionSchema = z
  .object({
    id: z.uuid(),
    team_id: z.uuid(),
    protocol: z.enum(["oidc", "saml"]),
    display_name: z.string(),
    enabled: z.boolean(),
    default_permissions: z.array(z.string()),
    created_at_millis: z.number().int(),
    updated_at_millis: z.number().int(),
    oidc: z
      .object({
        issuer: z.string(),
        client_id: z.string(),
        scopes: z.array(z.string()),
        redirect_uri: z.string().openapi({ description: "Register this redirect URI at the OpenID provider." }),
      })
      .nullable(),
    saml: z
      .object({
        idp_entity_id: z.string(),
        idp_sso_url: z.string(),
        idp_certificates: z.array(z.string()),
        sign_requests: z.boolean(),
        allow_idp_initiated: z.boolean(),
        sp_entity_id: z.string().openapi({ description: "Our entity id (and the SP metadata's URL)." }),
        sp_acs_url: z.string().openapi({ description: "Our Assertion Consumer Service URL (HTTP-POST binding)." }),
        sp_metadata_url: z.string(),
        sp_certificate: z.string().openapi({ description: "The connection's SP certificate (PEM): signs requests, receives encrypted assertions." }),
      })
      .nullable(),
  })
  .openapi("SsoConnection");

export function connectionJson(view: ConnectionView): z.infer<typeof SsoConnectionSchema> {
  const { connection } = view;
  return {
    id: connection.id,
    team_id: connection.teamId,
    protocol: connection.protocol,
    display_name: connection.displayName,
    enabled: connection.enabled,
    default_permissions: connection.defaultPermissions,
    created_at_millis: connection.createdAtMillis,
    updated_at_millis: connection.updatedAtMillis,
    oidc:
      connection.protocol === "oidc"
        ? { issuer: connection.settings.issuer, client_id: connection.settings.clientId, scopes: connection.settings.scopes, redirect_uri: view.oidcRedirectUri! }
        : null,
    saml:
      connection.protocol === "saml"
        ? {
            idp_entity_id: connection.settings.idpEntityId,
            idp_sso_url: connection.settings.idpSsoUrl,
            idp_certificates: connection.settings.idpCertificates,
            sign_requests: connection.settings.signRequests,
            allow_idp_initiated: connection.settings.allowIdpInitiated,
            sp_entity_id: view.sp!.entityId,
            sp_acs_url: view.sp!.acsUrl,
            sp_metadata_url: view.sp!.entityId,
            sp_certificate: connection.settings.spCertificate,
          }
        : null,
  };
}

function samlInput(body: z.infer<typeof SamlInputSchema> | undefined): SamlInput | undefined {
  return body && {
    metadataXml: body.metadata_xml,
    metadataUrl: body.metadata_url,
    idpEntityId: body.idp_entity_id,
    idpSsoUrl: body.idp_sso_url,
    idpCertificates: body.idp_certificates,
    signRequests: body.sign_requests,
    allowIdpInitiated: body.allow_idp_initiated,
  };
}

/** A new connection's body as the service takes it (the admin API and set-up links alike). */
export function connectionInput(body: z.infer<typeof CreateConnectionSchema>): ConnectionInput {
  return { ...connectionChanges(body), protocol: body.protocol, displayName: body.display_name, oidc: body.oidc && oidcFields(body.oidc) };
}

/** A connection change's body as the service takes it. */
export function connectionChanges(body: z.infer<typeof UpdateConnectionSchema>): ConnectionChanges {
  return {
    displayName: body.display_name,
    enabled: body.enabled,
    defaultPermissions: body.default_permissions,
    oidc: body.oidc && oidcFields(body.oidc),
    saml: samlInput(body.saml),
  };
}

/** The OIDC settings in the service's names; required where the body requires them (a new connection's issuer and client id). */
function oidcFields<B extends Partial<z.infer<typeof OidcInputSchema>>>(body: B) {
  return { issuer: body.issuer as B["issuer"], clientId: body.client_id as B["client_id"], clientSecret: body.client_secret, scopes: body.scopes };
}

export const CONNECTION_ERRORS = ["TEAM_NOT_FOUND", "SSO_CONNECTION_NOT_FOUND"] as const;
export const INPUT_ERRORS = ["SSO_CONNECTION_INVALID", "SSO_METADATA_INVALID", "SSO_METADATA_UNREACHABLE"] as const;

const listSsoConnectionsRoute = authenticatedRoute(SERVER_AND_UP, ["TEAM_NOT_FOUND"], {
  operationId: "listSsoConnections",
  method: "get",
  path: "/teams/{team_id}/sso-connections",
  tags: ["SSO"],
  summary: "List a team's SSO connections",
  request: { params: TeamParam },
  responses: { 200: jsonResponse(z.object({ items: z.array(SsoConnectionSchema) }).openapi("SsoConnectionList"), "The team's connections, oldest first") },
});

const createSsoConnectionRoute = authenticatedRoute(SERVER_AND_UP, ["TEAM_NOT_FOUND", ...INPUT_ERRORS], {
  operationId: "createSsoConnection",
  method: "post",
  path: "/teams/{team_id}/sso-connections",
  tags: ["SSO"],
  summary: "Connect a team to its identity provider (OpenID Connect or SAML 2.0)",
  description:
    "OIDC: the issuer, client id and secret (sealed at rest); register the answered `oidc.redirect_uri` at the provider. SAML: the IdP's " +
    "metadata (`metadata_xml` or `metadata_url`) or its entity id, SSO URL and certificates; the answer holds the SP entity id, ACS URL and " +
    "certificate to give the IdP. Signed assertions (or responses) are required.",
  request: { params: TeamParam, body: jsonBody(CreateConnectionSchema) },
  responses: { 201: jsonResponse(SsoConnectionSchema, "The new connection") },
});

const getSsoConnectionRoute = authenticatedRoute(SERVER_AND_UP, [...CONNECTION_ERRORS], {
  operationId: "getSsoConnection",
  method: "get",
  path: "/teams/{team_id}/sso-connections/{connection_id}",
  tags: ["SSO"],
  summary: "Read an SSO connection",
  request: { params: ConnectionParams },
  responses: { 200: jsonResponse(SsoConnectionSchema, "The connection") },
});

const updateSsoConnectionRoute = authenticatedRoute(SERVER_AND_UP, [...CONNECTION_ERRORS, ...INPUT_ERRORS], {
  operationId: "updateSsoConnection",
  method: "patch",
  path: "/teams/{team_id}/sso-connections/{connection_id}",
  tags: ["SSO"],
  summary: "Change an SSO connection",
  description: "Fields left out stay as they are; new SAML metadata replaces the IdP's settings. The protocol cannot change.",
  request: { params: ConnectionParams, body: jsonBody(UpdateConnectionSchema) },
  responses: { 200: jsonResponse(SsoConnectionSchema, "The connection as changed") },
});

const deleteSsoConnectionRoute = authenticatedRoute(SERVER_AND_UP, [...CONNECTION_ERRORS], {
  operationId: "deleteSsoConnection",
  method: "delete",
  path: "/teams/{team_id}/sso-connections/{connection_id}",
  tags: ["SSO"],
  summary: "Remove an SSO connection",
  description: "Its identities go with it; the users stay, and sign in another way (or through a new connection, linked by address).",
  request: { params: ConnectionParams },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

export function registerSsoConnectionRoutes(router: Router): void {
  router.openapi(listSsoConnectionsRoute, async (c) => {
    const views = await listConnections(c.var.deps, c.var.auth.tenancy, c.req.valid("param").team_id);
    return c.json({ items: views.map(connectionJson) }, 200);
  });

  router.openapi(createSsoConnectionRoute, async (c) => {
    const body = c.req.valid("json");
    const view = await createConnection(c.var.deps, c.var.auth.tenancy, c.req.valid("param").team_id, connectionInput(body), auditContext(c));
    return c.json(connectionJson(view), 201);
  });

  router.openapi(getSsoConnectionRoute, async (c) => {
    const { team_id, connection_id } = c.req.valid("param");
    const connection = await getConnection(c.var.deps, c.var.auth.tenancy, team_id, connection_id);
    return c.json(connectionJson(viewOf(c.var.deps, c.var.auth.tenancy, connection)), 200);
  });

  router.openapi(updateSsoConnectionRoute, async (c) => {
    const { team_id, connection_id } = c.req.valid("param");
    const body = c.req.valid("json");
    const view = await updateConnection(c.var.deps, c.var.auth.tenancy, team_id, connection_id, connectionChanges(body), auditContext(c));
    return c.json(connectionJson(view), 200);
  });

  router.openapi(deleteSsoConnectionRoute, async (c) => {
    const { team_id, connection_id } = c.req.valid("param");
    await deleteConnection(c.var.deps, c.var.auth.tenancy, team_id, connection_id, auditContext(c));
    return c.json({ success: true as const }, 200);
  });
}
