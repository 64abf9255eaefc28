/**
 * /internal/emails/managed-onboarding/*: Stack Auth's dashboard sets up a sender domain hosted
 * by its e-mail provider (Resend) here, with DNS delegated to its DNS host. Gatehouse has no
 * such provider account to hand out, so it does not offer this: `list` answers no domains and
 * the others REQUIRES_CUSTOM_EMAIL_SERVER (the project's own SMTP server is the way to send
 * from its own domain). A project can still be configured with a managed domain it set up
 * elsewhere (`emails.server.provider: "managed"`); its mail then goes through Resend's SMTP.
 */
import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { KnownError } from "../../errors";

const Subdomain = z.string().min(1).max(253);
const LocalPart = z.string().min(1).max(64);
const DomainId = z.string().min(1).max(128);

const NOT_OFFERED =
  "Not offered by Gatehouse: answers REQUIRES_CUSTOM_EMAIL_SERVER (configure the project's own SMTP server to send from its own domain).";

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(spec: T) =>
  authenticatedRoute(ADMIN_ONLY, ["REQUIRES_CUSTOM_EMAIL_SERVER"], { ...spec, tags: ["Emails"], description: NOT_OFFERED });

const ManagedDomainSchema = z
  .object({
    domain_id: z.string(),
    subdomain: z.string(),
    sender_local_part: z.string(),
    name_server_records: z.array(z.string()),
    status: z.enum(["pending_dns", "pending_verification", "verified", "applied", "failed"]),
  })
  .openapi("ManagedEmailDomain");

const setupRoute = route({
  operationId: "setupManagedEmailDomain",
  method: "post",
  path: "/internal/emails/managed-onboarding/setup",
  summary: "Set up a provider-hosted sender domain (not offered)",
  request: { body: jsonBody(z.strictObject({ subdomain: Subdomain, sender_local_part: LocalPart }).openapi("ManagedEmailDomainSetup")) },
  responses: { 200: jsonResponse(ManagedDomainSchema, "Never answered: not offered") },
});

const checkRoute = route({
  operationId: "checkManagedEmailDomain",
  method: "post",
  path: "/internal/emails/managed-onboarding/check",
  summary: "Check a provider-hosted sender domain's verification (not offered)",
  request: {
    body: jsonBody(z.strictObject({ domain_id: DomainId, subdomain: Subdomain, sender_local_part: LocalPart }).openapi("ManagedEmailDomainCheck")),
  },
  responses: { 200: jsonResponse(z.object({ status: ManagedDomainSchema.shape.status }).openapi("ManagedEmailDomainStatus"), "Never answered: not offered") },
});

const applyRoute = route({
  operationId: "applyManagedEmailDomain",
  method: "post",
  path: "/internal/emails/managed-onboarding/apply",
  summary: "Send the project's mail from a verified provider-hosted domain (not offered)",
  request: { body: jsonBody(z.strictObject({ domain_id: DomainId }).openapi("ManagedEmailDomainApply")) },
  responses: { 200: jsonResponse(z.object({ status: z.literal("applied") }).openapi("ManagedEmailDomainApplied"), "Never answered: not offered") },
});

const listRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "listManagedEmailDomains",
  method: "get",
  path: "/internal/emails/managed-onboarding/list",
  tags: ["Emails"],
  summary: "The project's provider-hosted sender domains (always none: not offered)",
  responses: { 200: jsonResponse(z.object({ items: z.array(ManagedDomainSchema) }).openapi("ManagedEmailDomainList"), "No domains") },
});

const notOffered = (): never => {
  throw new KnownError("REQUIRES_CUSTOM_EMAIL_SERVER");
};

export function registerManagedOnboardingRoutes(router: Router): void {
  router.openapi(setupRoute, notOffered);
  router.openapi(checkRoute, notOffered);
  router.openapi(applyRoute, notOffered);
  router.openapi(listRoute, async (c) => c.json({ items: [] }, 200));
}
