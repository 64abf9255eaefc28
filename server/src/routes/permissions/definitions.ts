import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema } from "../../http/schemas";
import type { PermissionScope } from "../../services/permissions/scope";
import type { PermissionDefinition } from "../../services/permissions/check";
import { createDefinition, deleteDefinition, listDefinitions, updateDefinition } from "../../services/permissions/definitions";
import { PermissionIdSchema } from "./shapes";
import { PERMISSION_ID_MAX_LENGTH } from "../../services/permissions/scope";

const CustomPermissionIdSchema = z
  .string()
  .max(PERMISSION_ID_MAX_LENGTH)
  .regex(/^[a-z0-9_:]+$/, "Only lowercase letters, digits, \":\" and \"_\" are allowed")
  .openapi({ description: "Lowercase letters, digits, `:` and `_`.", example: "read_secret_info" });

const DefinitionSchema = z
  .object({
    id: PermissionIdSchema,
    description: z.string().optional(),
    contained_permission_ids: z.array(PermissionIdSchema),
  })
  .openapi("PermissionDefinition");

const CreateSchema = z
  .strictObject({
    id: CustomPermissionIdSchema,
    description: z.string().optional(),
    contained_permission_ids: z.array(PermissionIdSchema).optional(),
  })
  .openapi("PermissionDefinitionCreate");

const UpdateSchema = z
  .strictObject({
    id: CustomPermissionIdSchema.optional(),
    description: z.string().optional(),
    contained_permission_ids: z.array(PermissionIdSchema).optional(),
  })
  .openapi("PermissionDefinitionUpdate");

const ListQuery = z.object({
  limit: z.string().optional().openapi({ description: "Accepted and ignored: the list is not paginated." }),
  cursor: z.string().optional().openapi({ description: "Accepted and ignored." }),
  query: z.string().optional().openapi({ description: "Accepted and ignored." }),
});

const PermissionIdParam = z.object({
  permission_id: PermissionIdSchema.openapi({ param: { name: "permission_id", in: "path" } }),
});

const DefinitionListSchema = listSchema(DefinitionSchema, "PermissionDefinitionList");

const toWire = (d: PermissionDefinition) => ({
  id: d.id,
  ...(d.description !== undefined ? { description: d.description } : {}),
  contained_permission_ids: d.containedPermissionIds,
});

function routesFor(scope: PermissionScope) {
  const base = scope === "team" ? "/team-permission-definitions" : "/project-permission-definitions";
  const noun = scope === "team" ? "TeamPermissionDefinition" : "ProjectPermissionDefinition";
  const label = scope === "team" ? "team" : "project";
  const tags = ["Permissions"];
  return {
    list: authenticatedRoute(ADMIN_ONLY, [], {
      operationId: `list${noun}s`,
      method: "get",
      path: base,
      tags,
      summary: `List ${label} permission definitions`,
      request: { query: ListQuery },
      responses: { 200: jsonResponse(DefinitionListSchema, "Every definition") },
    }),
    create: authenticatedRoute(ADMIN_ONLY, ["PERMISSION_ID_ALREADY_EXISTS", "CONTAINED_PERMISSION_NOT_FOUND"], {
      operationId: `create${noun}`,
      method: "post",
      path: base,
      tags,
      summary: `Create a ${label} permission definition`,
      request: { body: jsonBody(CreateSchema) },
      responses: { 201: jsonResponse(DefinitionSchema, "The new definition") },
    }),
    update: authenticatedRoute(
      ADMIN_ONLY,
      ["PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE", "PERMISSION_ID_ALREADY_EXISTS", "CONTAINED_PERMISSION_NOT_FOUND"],
      {
        operationId: `update${noun}`,
        method: "patch",
        path: `${base}/{permission_id}`,
        tags,
        summary: `Update (or rename) a ${label} permission definition`,
        description: "Containment must name definitions of the same scope and must not make a cycle (SCHEMA_ERROR).",
        request: { params: PermissionIdParam, body: jsonBody(UpdateSchema) },
        responses: { 200: jsonResponse(DefinitionSchema, "The updated definition") },
      },
    ),
    remove: authenticatedRoute(ADMIN_ONLY, ["PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE"], {
      operationId: `delete${noun}`,
      method: "delete",
      path: `${base}/{permission_id}`,
      tags,
      summary: `Delete a ${label} permission definition and its grants`,
      request: { params: PermissionIdParam },
      responses: { 200: jsonResponse(SuccessSchema, "Deleted") },
    }),
  };
}

export function registerPermissionDefinitionRoutes(router: Router): void {
  for (const scope of ["team", "project"] as const) {
    const routes = routesFor(scope);
    router.openapi(routes.list, async (c) => {
      const items = listDefinitions(c.var.auth.tenancy, scope).map(toWire);
      return c.json({ items, is_paginated: false }, 200);
    });
    router.openapi(routes.create, async (c) => {
      const body = c.req.valid("json");
      const created = await createDefinition(c.var.deps, c.var.auth.tenancy, scope, {
        id: body.id,
        description: body.description,
        containedPermissionIds: body.contained_permission_ids,
      });
      return c.json(toWire(created), 201);
    });
    router.openapi(routes.update, async (c) => {
      const body = c.req.valid("json");
      const updated = await updateDefinition(c.var.deps, c.var.auth.tenancy, scope, c.req.valid("param").permission_id, {
        id: body.id,
        description: body.description,
        containedPermissionIds: body.contained_permission_ids,
      });
      return c.json(toWire(updated), 200);
    });
    router.openapi(routes.remove, async (c) => {
      await deleteDefinition(c.var.deps, c.var.auth.tenancy, scope, c.req.valid("param").permission_id);
      return c.json({ success: true as const }, 200);
    });
  }
}
