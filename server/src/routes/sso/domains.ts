import { z } from "@hono/zod-openapi";
import { SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmptyObjectSchema, SuccessSchema } from "../../http/schemas";
import type { SsoDomain } from "../../domain/sso";
import { addDomain, listDomains, removeDomain, updateDomain, verificationRecord, verifyDomain } from "../../services/sso/domains";
import { auditContext, TeamParam } from "./connections";

const DomainParams = TeamParam.extend({ domain_id: z.uuid().openapi({ param: { name: "domain_id", in: "path" } }) });

export const SsoDomainSchema = z
  .object({
    id: z.uuid(),
    team_id: z.uuid(),
    domain: z.string(),
    verified: z.boolean(),
    verified_at_millis: z.number().int().nullable(),
    verification_record: z
      .object({ type: z.literal("TXT"), name: z.string(), value: z.string() })
      .openapi({ description: "The DNS record that proves the team owns the domain." }),
    auto_join: z.boolean().openapi({ description: "Users made with a verified address on the domain join the team." }),
    require_sso: z.boolean().openapi({ description: "Addresses on the domain sign in through the team's SSO connection only." }),
    created_at_millis: z.number().int(),
  })
  .openapi("SsoDomain");

export function domainJson(domain: SsoDomain): z.infer<typeof SsoDomainSchema> {
  const record = verificationRecord(domain);
  return {
    id: domain.id,
    team_id: domain.teamId,
    domain: domain.domain,
    verified: domain.verifiedAtMillis !== null,
    verified_at_millis: domain.verifiedAtMillis,
    verification_record: { type: "TXT", name: record.name, value: record.value },
    auto_join: domain.autoJoin,
    require_sso: domain.requireSso,
    created_at_millis: domain.createdAtMillis,
  };
}

const listSsoDomainsRoute = authenticatedRoute(SERVER_AND_UP, ["TEAM_NOT_FOUND"], {
  operationId: "listSsoDomains",
  method: "get",
  path: "/teams/{team_id}/sso-domains",
  tags: ["SSO"],
  summary: "List a team's domains",
  request: { params: TeamParam },
  responses: { 200: jsonResponse(z.object({ items: z.array(SsoDomainSchema) }).openapi("SsoDomainList"), "The team's domains") },
});

const addSsoDomainRoute = authenticatedRoute(SERVER_AND_UP, ["TEAM_NOT_FOUND", "SSO_DOMAIN_INVALID", "SSO_DOMAIN_ALREADY_ADDED", "SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM"], {
  operationId: "addSsoDomain",
  method: "post",
  path: "/teams/{team_id}/sso-domains",
  tags: ["SSO"],
  summary: "Claim a domain for a team",
  description: "Answers the TXT record to publish; then verify. A domain has one verified owner per project.",
  request: { params: TeamParam, body: jsonBody(z.strictObject({ domain: z.string().min(1).max(253) }).openapi("SsoDomainCreate")) },
  responses: { 201: jsonResponse(SsoDomainSchema, "The domain, not yet verified") },
});

const verifySsoDomainRoute = authenticatedRoute(
  SERVER_AND_UP,
  ["TEAM_NOT_FOUND", "SSO_DOMAIN_NOT_FOUND", "SSO_DOMAIN_VERIFICATION_FAILED", "SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM"],
  {
    operationId: "verifySsoDomain",
    method: "post",
    path: "/teams/{team_id}/sso-domains/{domain_id}/verify",
    tags: ["SSO"],
    summary: "Check a domain's TXT record",
    request: { params: DomainParams, body: jsonBody(EmptyObjectSchema) },
    responses: { 200: jsonResponse(SsoDomainSchema, "The domain, verified") },
  },
);

const updateSsoDomainRoute = authenticatedRoute(SERVER_AND_UP, ["TEAM_NOT_FOUND", "SSO_DOMAIN_NOT_FOUND", "SSO_DOMAIN_NOT_VERIFIED"], {
  operationId: "updateSsoDomain",
  method: "patch",
  path: "/teams/{team_id}/sso-domains/{domain_id}",
  tags: ["SSO"],
  summary: "Switch a verified domain's auto-join and SSO enforcement",
  request: {
    params: DomainParams,
    body: jsonBody(z.strictObject({ auto_join: z.boolean().optional(), require_sso: z.boolean().optional() }).openapi("SsoDomainUpdate")),
  },
  responses: { 200: jsonResponse(SsoDomainSchema, "The domain as changed") },
});

const removeSsoDomainRoute = authenticatedRoute(SERVER_AND_UP, ["TEAM_NOT_FOUND", "SSO_DOMAIN_NOT_FOUND"], {
  operationId: "removeSsoDomain",
  method: "delete",
  path: "/teams/{team_id}/sso-domains/{domain_id}",
  tags: ["SSO"],
  summary: "Give up a domain",
  request: { params: DomainParams },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

export function registerSsoDomainRoutes(router: Router): void {
  router.openapi(listSsoDomainsRoute, async (c) => {
    const domains = await listDomains(c.var.deps, c.var.auth.tenancy, c.req.valid("param").team_id);
    return c.json({ items: domains.map(domainJson) }, 200);
  });

  router.openapi(addSsoDomainRoute, async (c) => {
    const domain = await addDomain(c.var.deps, c.var.auth.tenancy, c.req.valid("param").team_id, c.req.valid("json").domain, auditContext(c));
    return c.json(domainJson(domain), 201);
  });

  router.openapi(verifySsoDomainRoute, async (c) => {
    const { team_id, domain_id } = c.req.valid("param");
    return c.json(domainJson(await verifyDomain(c.var.deps, c.var.auth.tenancy, team_id, domain_id, auditContext(c))), 200);
  });

  router.openapi(updateSsoDomainRoute, async (c) => {
    const { team_id, domain_id } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json(domainJson(await updateDomain(c.var.deps, c.var.auth.tenancy, team_id, domain_id, { autoJoin: body.auto_join, requireSso: body.require_sso }, auditContext(c))), 200);
  });

  router.openapi(removeSsoDomainRoute, async (c) => {
    const { team_id, domain_id } = c.req.valid("param");
    await removeDomain(c.var.deps, c.var.auth.tenancy, team_id, domain_id, auditContext(c));
    return c.json({ success: true as const }, 200);
  });
}
