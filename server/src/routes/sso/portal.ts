/**
 * The self-serve SSO set-up API (services/sso/portal.ts): authenticated by a set-up link's
 * token (`Authorization: Bearer ssop_…`), not by project keys, and answering for that link's
 * team alone. The handlers stay thin: the services the project's API uses do the work, given
 * the link's team.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { clientInfo } from "../../http/client-info";
import type { AppEnv } from "../../http/env";
import { jsonBody, jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmptyObjectSchema, SuccessSchema } from "../../http/schemas";
import type { KnownErrorCode } from "../../errors";
import type { SsoTestSignIn } from "../../domain/sso";
import { scimBaseUrl } from "../../services/scim/directories";
import { createConnection, deleteConnection, listConnections, updateConnection } from "../../services/sso/connections";
import { addDomain, listDomains, removeDomain, updateDomain, verifyDomain } from "../../services/sso/domains";
import {
  authenticatePortal,
  createPortalDirectory,
  deletePortalDirectory,
  getPortalTestSignIn,
  listPortalDirectories,
  portalAudit,
  portalOverview,
  revokePortalDirectoryToken,
  rotatePortalDirectoryToken,
  startPortalTestSignIn,
  type PortalCaller,
} from "../../services/sso/portal";
import { directoryToWire, ScimDirectorySchema, ScimDirectoryWithTokenSchema } from "../scim/directories";
import { connectionChanges, connectionInput, connectionJson, CreateConnectionSchema, INPUT_ERRORS, SsoConnectionSchema, UpdateConnectionSchema } from "./connections";
import { domainJson, SsoDomainSchema } from "./domains";

const P = "/sso-portal";

const PortalHeaders = z.object({
  authorization: z
    .string()
    .max(1024)
    .optional()
    .openapi({ param: { name: "authorization", in: "header" }, description: "`Bearer <token of an SSO set-up link>` (POST /teams/{team_id}/sso-portal-links)." }),
});

const ConnectionParam = z.object({ connection_id: z.uuid().openapi({ param: { name: "connection_id", in: "path" } }) });
const DomainParam = z.object({ domain_id: z.uuid().openapi({ param: { name: "domain_id", in: "path" } }) });
const DirectoryParam = z.object({ directory_id: z.uuid().openapi({ param: { name: "directory_id", in: "path" } }) });
const TestParam = z.object({ test_id: z.uuid().openapi({ param: { name: "test_id", in: "path" } }) });

const portalRoute = <T extends Omit<Parameters<typeof publicRoute>[1], "tags">>(errors: KnownErrorCode[], spec: T) =>
  publicRoute(["SSO_PORTAL_TOKEN_INVALID", ...errors], { ...spec, tags: ["SSO"] });

/** The link's caller; every handler starts here. */
const caller = (c: Context<AppEnv>): Promise<PortalCaller> => authenticatePortal(c.var.deps, c.req.header("authorization"), clientInfo(c));

const OverviewSchema = z
  .object({
    project: z.object({ id: z.string(), display_name: z.string() }),
    team: z.object({ id: z.uuid(), display_name: z.string() }),
    link: z.object({ id: z.uuid(), expires_at_millis: z.number().int() }),
    scim_base_url: z.string().openapi({ description: "The SCIM base URL (tenant URL) to give the identity provider." }),
  })
  .openapi("SsoPortalOverview");

const TestSignInSchema = z
  .object({
    id: z.uuid(),
    connection_id: z.uuid(),
    status: z.enum(["pending", "asserted", "refused"]).openapi({
      description: "`pending`: the browser is at the IdP; `asserted`: the IdP's answer passed the checks (see `refusal` for whether a sign-in would be accepted); `refused`: the answer was refused.",
    }),
    subject: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    refusal: z.object({ code: z.string(), message: z.string() }).nullable().openapi({ description: "Why a sign-in with this answer would be refused; null when it would be accepted." }),
    created_at_millis: z.number().int(),
  })
  .openapi("SsoTestSignIn");

function testJson(test: SsoTestSignIn): z.infer<typeof TestSignInSchema> {
  const outcome = test.outcome;
  return {
    id: test.id,
    connection_id: test.connectionId,
    status: outcome?.status ?? "pending",
    subject: outcome?.status === "asserted" ? outcome.subject : null,
    email: outcome?.status === "asserted" ? outcome.email : null,
    name: outcome?.status === "asserted" ? outcome.name : null,
    refusal: outcome?.refusal ?? null,
    created_at_millis: test.createdAtMillis,
  };
}

const overviewRoute = portalRoute([], {
  operationId: "getSsoPortal",
  method: "get",
  path: P,
  summary: "Set-up link: the team and project it opens",
  description: "The self-serve SSO set-up API answers for the link's team only; its token is the whole authentication (no project headers).",
  request: { headers: PortalHeaders },
  responses: { 200: jsonResponse(OverviewSchema, "The link's team and project") },
});

const listConnectionsRoute = portalRoute([], {
  operationId: "listSsoPortalConnections",
  method: "get",
  path: `${P}/connections`,
  summary: "Set-up link: the team's SSO connections",
  request: { headers: PortalHeaders },
  responses: { 200: jsonResponse(z.object({ items: z.array(SsoConnectionSchema) }).openapi("SsoPortalConnectionList"), "The team's connections") },
});

const createConnectionRoute = portalRoute([...INPUT_ERRORS], {
  operationId: "createSsoPortalConnection",
  method: "post",
  path: `${P}/connections`,
  summary: "Set-up link: connect the team to its identity provider",
  description: "As `POST /teams/{team_id}/sso-connections`, for the link's team.",
  request: { headers: PortalHeaders, body: jsonBody(CreateConnectionSchema) },
  responses: { 201: jsonResponse(SsoConnectionSchema, "The new connection") },
});

const updateConnectionRoute = portalRoute(["SSO_CONNECTION_NOT_FOUND", ...INPUT_ERRORS], {
  operationId: "updateSsoPortalConnection",
  method: "patch",
  path: `${P}/connections/{connection_id}`,
  summary: "Set-up link: change an SSO connection",
  request: { headers: PortalHeaders, params: ConnectionParam, body: jsonBody(UpdateConnectionSchema) },
  responses: { 200: jsonResponse(SsoConnectionSchema, "The connection as changed") },
});

const deleteConnectionRoute = portalRoute(["SSO_CONNECTION_NOT_FOUND"], {
  operationId: "deleteSsoPortalConnection",
  method: "delete",
  path: `${P}/connections/{connection_id}`,
  summary: "Set-up link: remove an SSO connection",
  request: { headers: PortalHeaders, params: ConnectionParam },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

const startTestRoute = portalRoute(["SSO_CONNECTION_NOT_FOUND", "SSO_IDP_UNAVAILABLE"], {
  operationId: "startSsoPortalTestSignIn",
  method: "post",
  path: `${P}/connections/{connection_id}/test-sign-in`,
  summary: "Set-up link: start a test sign-in through a connection",
  description:
    "Send the browser to the answered `location`: the real round trip to the identity provider, whose answer is checked as a sign-in's is, " +
    "but which signs no one in and makes no user. The IdP's answer brings the browser back to the set-up page with `?sso_test=<id>`; " +
    "read the outcome with GET /sso-portal/test-sign-ins/{test_id}. A switched-off connection can be tested.",
  request: { headers: PortalHeaders, params: ConnectionParam, body: jsonBody(EmptyObjectSchema) },
  responses: { 201: jsonResponse(z.object({ test_id: z.uuid(), location: z.string() }).openapi("SsoPortalTestSignInStarted"), "Where to send the browser") },
});

const getTestRoute = portalRoute(["SSO_TEST_SIGN_IN_NOT_FOUND"], {
  operationId: "getSsoPortalTestSignIn",
  method: "get",
  path: `${P}/test-sign-ins/{test_id}`,
  summary: "Set-up link: a test sign-in's outcome",
  request: { headers: PortalHeaders, params: TestParam },
  responses: { 200: jsonResponse(TestSignInSchema, "What the identity provider asserted, or why its answer was refused") },
});

const listDomainsRoute = portalRoute([], {
  operationId: "listSsoPortalDomains",
  method: "get",
  path: `${P}/domains`,
  summary: "Set-up link: the team's domains",
  request: { headers: PortalHeaders },
  responses: { 200: jsonResponse(z.object({ items: z.array(SsoDomainSchema) }).openapi("SsoPortalDomainList"), "The team's domains") },
});

const addDomainRoute = portalRoute(["SSO_DOMAIN_INVALID", "SSO_DOMAIN_ALREADY_ADDED", "SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM"], {
  operationId: "addSsoPortalDomain",
  method: "post",
  path: `${P}/domains`,
  summary: "Set-up link: claim a domain",
  description: "Answers the TXT record to publish; then verify.",
  request: { headers: PortalHeaders, body: jsonBody(z.strictObject({ domain: z.string().min(1).max(253) }).openapi("SsoPortalDomainCreate")) },
  responses: { 201: jsonResponse(SsoDomainSchema, "The domain, not yet verified") },
});

const verifyDomainRoute = portalRoute(["SSO_DOMAIN_NOT_FOUND", "SSO_DOMAIN_VERIFICATION_FAILED", "SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM"], {
  operationId: "verifySsoPortalDomain",
  method: "post",
  path: `${P}/domains/{domain_id}/verify`,
  summary: "Set-up link: check a domain's TXT record",
  request: { headers: PortalHeaders, params: DomainParam, body: jsonBody(EmptyObjectSchema) },
  responses: { 200: jsonResponse(SsoDomainSchema, "The domain, verified") },
});

const updateDomainRoute = portalRoute(["SSO_DOMAIN_NOT_FOUND", "SSO_DOMAIN_NOT_VERIFIED"], {
  operationId: "updateSsoPortalDomain",
  method: "patch",
  path: `${P}/domains/{domain_id}`,
  summary: "Set-up link: switch a verified domain's auto-join and SSO enforcement",
  request: {
    headers: PortalHeaders,
    params: DomainParam,
    body: jsonBody(z.strictObject({ auto_join: z.boolean().optional(), require_sso: z.boolean().optional() }).openapi("SsoPortalDomainUpdate")),
  },
  responses: { 200: jsonResponse(SsoDomainSchema, "The domain as changed") },
});

const removeDomainRoute = portalRoute(["SSO_DOMAIN_NOT_FOUND"], {
  operationId: "removeSsoPortalDomain",
  method: "delete",
  path: `${P}/domains/{domain_id}`,
  summary: "Set-up link: give up a domain",
  request: { headers: PortalHeaders, params: DomainParam },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

const listDirectoriesRoute = portalRoute([], {
  operationId: "listSsoPortalScimDirectories",
  method: "get",
  path: `${P}/scim-directories`,
  summary: "Set-up link: the team's SCIM directories",
  request: { headers: PortalHeaders },
  responses: { 200: jsonResponse(z.object({ items: z.array(ScimDirectorySchema) }).openapi("SsoPortalScimDirectoryList"), "The team's directories") },
});

const createDirectoryRoute = portalRoute([], {
  operationId: "createSsoPortalScimDirectory",
  method: "post",
  path: `${P}/scim-directories`,
  summary: "Set-up link: make a SCIM directory for the team",
  description: "Its token is shown in this answer only.",
  request: { headers: PortalHeaders, body: jsonBody(z.strictObject({ display_name: z.string().trim().min(1).max(256) }).openapi("SsoPortalScimDirectoryCreate")) },
  responses: { 201: jsonResponse(ScimDirectoryWithTokenSchema, "The directory and its token") },
});

const rotateDirectoryRoute = portalRoute(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "rotateSsoPortalScimDirectoryToken",
  method: "post",
  path: `${P}/scim-directories/{directory_id}/rotate-token`,
  summary: "Set-up link: a new SCIM token (the old one stops working)",
  request: { headers: PortalHeaders, params: DirectoryParam, body: jsonBody(EmptyObjectSchema) },
  responses: { 200: jsonResponse(ScimDirectoryWithTokenSchema, "The directory and its new token") },
});

const revokeDirectoryRoute = portalRoute(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "revokeSsoPortalScimDirectoryToken",
  method: "post",
  path: `${P}/scim-directories/{directory_id}/revoke-token`,
  summary: "Set-up link: revoke the SCIM token",
  request: { headers: PortalHeaders, params: DirectoryParam, body: jsonBody(EmptyObjectSchema) },
  responses: { 200: jsonResponse(ScimDirectorySchema, "The directory, without a token") },
});

const deleteDirectoryRoute = portalRoute(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "deleteSsoPortalScimDirectory",
  method: "delete",
  path: `${P}/scim-directories/{directory_id}`,
  summary: "Set-up link: remove a SCIM directory",
  request: { headers: PortalHeaders, params: DirectoryParam },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

export function registerSsoPortalRoutes(router: Router): void {
  router.openapi(overviewRoute, async (c) => {
    const who = await caller(c);
    const { team, projectName, link } = await portalOverview(c.var.deps, who);
    return c.json(
      {
        project: { id: who.tenancy.projectId, display_name: projectName },
        team: { id: team.id, display_name: team.displayName },
        link: { id: link.id, expires_at_millis: link.expiresAtMillis },
        scim_base_url: scimBaseUrl(c.var.deps),
      },
      200,
    );
  });

  router.openapi(listConnectionsRoute, async (c) => {
    const who = await caller(c);
    return c.json({ items: (await listConnections(c.var.deps, who.tenancy, who.teamId)).map(connectionJson) }, 200);
  });

  router.openapi(createConnectionRoute, async (c) => {
    const who = await caller(c);
    const body = c.req.valid("json");
    const view = await createConnection(c.var.deps, who.tenancy, who.teamId, connectionInput(body), portalAudit(who));
    return c.json(connectionJson(view), 201);
  });

  router.openapi(updateConnectionRoute, async (c) => {
    const who = await caller(c);
    const body = c.req.valid("json");
    const view = await updateConnection(c.var.deps, who.tenancy, who.teamId, c.req.valid("param").connection_id, connectionChanges(body), portalAudit(who));
    return c.json(connectionJson(view), 200);
  });

  router.openapi(deleteConnectionRoute, async (c) => {
    const who = await caller(c);
    await deleteConnection(c.var.deps, who.tenancy, who.teamId, c.req.valid("param").connection_id, portalAudit(who));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(startTestRoute, async (c) => {
    const who = await caller(c);
    const { test, location } = await startPortalTestSignIn(c.var.deps, who, c.req.valid("param").connection_id);
    return c.json({ test_id: test.id, location }, 201);
  });

  router.openapi(getTestRoute, async (c) => {
    const who = await caller(c);
    return c.json(testJson(await getPortalTestSignIn(c.var.deps, who, c.req.valid("param").test_id)), 200);
  });

  router.openapi(listDomainsRoute, async (c) => {
    const who = await caller(c);
    return c.json({ items: (await listDomains(c.var.deps, who.tenancy, who.teamId)).map(domainJson) }, 200);
  });

  router.openapi(addDomainRoute, async (c) => {
    const who = await caller(c);
    return c.json(domainJson(await addDomain(c.var.deps, who.tenancy, who.teamId, c.req.valid("json").domain, portalAudit(who))), 201);
  });

  router.openapi(verifyDomainRoute, async (c) => {
    const who = await caller(c);
    return c.json(domainJson(await verifyDomain(c.var.deps, who.tenancy, who.teamId, c.req.valid("param").domain_id, portalAudit(who))), 200);
  });

  router.openapi(updateDomainRoute, async (c) => {
    const who = await caller(c);
    const body = c.req.valid("json");
    return c.json(domainJson(await updateDomain(c.var.deps, who.tenancy, who.teamId, c.req.valid("param").domain_id, { autoJoin: body.auto_join, requireSso: body.require_sso }, portalAudit(who))), 200);
  });

  router.openapi(removeDomainRoute, async (c) => {
    const who = await caller(c);
    await removeDomain(c.var.deps, who.tenancy, who.teamId, c.req.valid("param").domain_id, portalAudit(who));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(listDirectoriesRoute, async (c) => {
    const who = await caller(c);
    return c.json({ items: (await listPortalDirectories(c.var.deps, who)).map((d) => directoryToWire(c.var.deps, d)) }, 200);
  });

  router.openapi(createDirectoryRoute, async (c) => {
    const who = await caller(c);
    const { directory, token } = await createPortalDirectory(c.var.deps, who, c.req.valid("json").display_name);
    return c.json({ ...directoryToWire(c.var.deps, directory), token }, 201);
  });

  router.openapi(rotateDirectoryRoute, async (c) => {
    const who = await caller(c);
    const { directory, token } = await rotatePortalDirectoryToken(c.var.deps, who, c.req.valid("param").directory_id);
    return c.json({ ...directoryToWire(c.var.deps, directory), token }, 200);
  });

  router.openapi(revokeDirectoryRoute, async (c) => {
    const who = await caller(c);
    return c.json(directoryToWire(c.var.deps, await revokePortalDirectoryToken(c.var.deps, who, c.req.valid("param").directory_id)), 200);
  });

  router.openapi(deleteDirectoryRoute, async (c) => {
    const who = await caller(c);
    await deletePortalDirectory(c.var.deps, who, c.req.valid("param").directory_id);
    return c.json({ success: true as const }, 200);
  });
}
