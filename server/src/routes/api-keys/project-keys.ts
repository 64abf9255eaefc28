import { z } from "@hono/zod-openapi";
import type { ApiKeySet } from "../../domain/api-key-sets";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, MillisSchema } from "../../http/schemas";
import {
  createProjectApiKeySet,
  getProjectApiKeySet,
  listProjectApiKeySets,
  updateProjectApiKeySet,
} from "../../services/projects/project-keys-admin";

const LastFour = z.object({ last_four: z.string() });

const baseFields = {
  id: z.uuid(),
  description: z.string(),
  expires_at_millis: z.number(),
  manually_revoked_at_millis: z.number().optional(),
  created_at_millis: z.number(),
};

const ApiKeySetSchema = z
  .object({
    ...baseFields,
    publishable_client_key: LastFour.optional(),
    secret_server_key: LastFour.optional(),
    super_secret_admin_key: LastFour.optional(),
  })
  .openapi("ProjectApiKeySet");

const CreatedApiKeySetSchema = z
  .object({
    ...baseFields,
    publishable_client_key: z.string().optional(),
    secret_server_key: z.string().optional(),
    super_secret_admin_key: z.string().optional(),
  })
  .openapi("CreatedProjectApiKeySet", { description: "The full keys; shown only in this response." });

const CreateBody = z
  .strictObject({
    description: z.string().max(1000),
    expires_at_millis: MillisSchema.positive(),
    has_publishable_client_key: z.boolean(),
    has_secret_server_key: z.boolean(),
    has_super_secret_admin_key: z.boolean(),
  })
  .openapi("ProjectApiKeySetCreate");

const UpdateBody = z
  .strictObject({ description: z.string().max(1000).optional(), revoked: z.literal(true).optional() })
  .openapi("ProjectApiKeySetUpdate");

const IdParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

const createProjectApiKeySetRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "createProjectApiKeySet",
  method: "post",
  path: "/internal/api-keys",
  tags: ["API keys"],
  summary: "Create a set of project API keys",
  request: { body: jsonBody(CreateBody) },
  responses: { 200: jsonResponse(CreatedApiKeySetSchema, "The new keys, in full, once") },
});

const listProjectApiKeySetsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "listProjectApiKeySets",
  method: "get",
  path: "/internal/api-keys",
  tags: ["API keys"],
  summary: "List project API key sets",
  responses: { 200: jsonResponse(listSchema(ApiKeySetSchema, "ProjectApiKeySetList"), "Key sets") },
});

const getProjectApiKeySetRoute = authenticatedRoute(ADMIN_ONLY, ["API_KEY_NOT_FOUND"], {
  operationId: "getProjectApiKeySet",
  method: "get",
  path: "/internal/api-keys/{id}",
  tags: ["API keys"],
  summary: "Read a project API key set",
  request: { params: IdParam },
  responses: { 200: jsonResponse(ApiKeySetSchema, "The key set") },
});

const updateProjectApiKeySetRoute = authenticatedRoute(ADMIN_ONLY, ["API_KEY_NOT_FOUND"], {
  operationId: "updateProjectApiKeySet",
  method: "patch",
  path: "/internal/api-keys/{id}",
  tags: ["API keys"],
  summary: "Rename or revoke a project API key set",
  request: { params: IdParam, body: jsonBody(UpdateBody) },
  responses: { 200: jsonResponse(ApiKeySetSchema, "The updated key set") },
});

function baseView(set: ApiKeySet) {
  return {
    id: set.id,
    description: set.description,
    expires_at_millis: set.expiresAtMillis,
    created_at_millis: set.createdAtMillis,
    ...(set.manuallyRevokedAtMillis !== null ? { manually_revoked_at_millis: set.manuallyRevokedAtMillis } : {}),
  };
}

function toView(set: ApiKeySet): z.infer<typeof ApiKeySetSchema> {
  const lastFour = (value: string | null) => (value === null ? undefined : { last_four: value });
  return {
    ...baseView(set),
    publishable_client_key: lastFour(set.publishableClientKeyLastFour),
    secret_server_key: lastFour(set.secretServerKeyLastFour),
    super_secret_admin_key: lastFour(set.superSecretAdminKeyLastFour),
  };
}

export function registerInternalApiKeyRoutes(router: Router): void {
  router.openapi(createProjectApiKeySetRoute, async (c) => {
    const body = c.req.valid("json");
    const kinds = [
      body.has_publishable_client_key && ("publishable_client_key" as const),
      body.has_secret_server_key && ("secret_server_key" as const),
      body.has_super_secret_admin_key && ("super_secret_admin_key" as const),
    ].filter((kind) => kind !== false);
    const created = await createProjectApiKeySet(c.var.deps, c.var.auth.tenancy, {
      description: body.description,
      expiresAtMillis: body.expires_at_millis,
      kinds,
    });
    return c.json({ ...baseView(created), ...created.keys }, 200);
  });

  router.openapi(listProjectApiKeySetsRoute, async (c) => {
    const sets = await listProjectApiKeySets(c.var.deps, c.var.auth.tenancy.projectId);
    return c.json({ items: sets.map(toView), is_paginated: false }, 200);
  });

  router.openapi(getProjectApiKeySetRoute, async (c) => {
    const set = await getProjectApiKeySet(c.var.deps, c.var.auth.tenancy.projectId, c.req.valid("param").id);
    return c.json(toView(set), 200);
  });

  router.openapi(updateProjectApiKeySetRoute, async (c) => {
    const body = c.req.valid("json");
    const set = await updateProjectApiKeySet(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id, body);
    return c.json(toView(set), 200);
  });
}
