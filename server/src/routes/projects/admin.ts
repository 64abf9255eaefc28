import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { ADMIN_ONLY, CLIENT_AND_UP, requireUser } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema } from "../../http/schemas";
import { createOwnedProject, deleteCurrentProject, listOwnedProjects, transferProject, updateCurrentProject } from "../../services/projects/projects";
import {
  AdminProjectSchema,
  ProjectCreateSchema,
  ProjectUpdateSchema,
  toAdminProject,
  toProjectInput,
} from "./shapes";

const ProjectListSchema = listSchema(AdminProjectSchema, "AdminProjectList");

const PRODUCTION_NOTE =
  "A project in production mode (is_production_mode) may not allow localhost nor have trusted domains that are not " +
  "HTTPS ('Trusted domains should be HTTPS'), are localhost or are direct IP addresses: such a change, or switching " +
  "production mode on while they remain, answers SCHEMA_ERROR listing them and changes nothing.";

const createProjectRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["EXPECTED_INTERNAL_PROJECT", "USER_AUTHENTICATION_REQUIRED", "TEAM_MEMBERSHIP_NOT_FOUND", "EMAIL_THEME_UNKNOWN"],
  {
    operationId: "createProject",
    method: "post",
    path: "/internal/projects",
    tags: ["Projects"],
    summary: "Create a project owned by one of the signed-in user's teams",
    description: `Call on the internal project with a user session. ${PRODUCTION_NOTE}`,
    request: { body: jsonBody(ProjectCreateSchema) },
    responses: { 201: jsonResponse(AdminProjectSchema, "The new project") },
  },
);

const listProjectsRoute = authenticatedRoute(CLIENT_AND_UP, ["EXPECTED_INTERNAL_PROJECT", "USER_AUTHENTICATION_REQUIRED"], {
  operationId: "listProjects",
  method: "get",
  path: "/internal/projects",
  tags: ["Projects"],
  summary: "List the projects the signed-in user owns through their teams",
  responses: { 200: jsonResponse(ProjectListSchema, "Owned projects") },
});

const getCurrentProjectAdminRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getCurrentProjectAdmin",
  method: "get",
  path: "/internal/projects/current",
  tags: ["Projects"],
  summary: "Read the current project and its configuration",
  responses: { 200: jsonResponse(AdminProjectSchema, "The project") },
});

const updateCurrentProjectAdminRoute = authenticatedRoute(ADMIN_ONLY, ["EMAIL_THEME_UNKNOWN"], {
  operationId: "updateCurrentProjectAdmin",
  method: "patch",
  path: "/internal/projects/current",
  tags: ["Projects"],
  summary: "Update the current project and its configuration",
  description: PRODUCTION_NOTE,
  request: { body: jsonBody(ProjectUpdateSchema) },
  responses: { 200: jsonResponse(AdminProjectSchema, "The updated project") },
});

const deleteCurrentProjectRoute = authenticatedRoute(ADMIN_ONLY, ["INTERNAL_PROJECT_CANNOT_BE_DELETED"], {
  operationId: "deleteCurrentProject",
  method: "delete",
  path: "/internal/projects/current",
  tags: ["Projects"],
  summary: "Delete the current project and everything it holds",
  description:
    "Users, teams, sessions, keys, configuration and stored values go in one transaction; the project's tokens and keys " +
    "stop working at once. The internal project cannot be deleted (INTERNAL_PROJECT_CANNOT_BE_DELETED).",
  responses: { 200: jsonResponse(SuccessSchema, "Deleted") },
});

const TransferBody = z
  .strictObject({ project_id: z.string().min(1).max(128), new_team_id: z.uuid() })
  .openapi("ProjectTransfer");

const TransferredSchema = z
  .object({ success: z.literal("true").openapi({ description: 'The string "true", as Stack Auth answers.' }) })
  .openapi("ProjectTransferred");

const transferProjectRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["EXPECTED_INTERNAL_PROJECT", "USER_AUTHENTICATION_REQUIRED", "PROJECT_NOT_FOUND", "TEAM_PERMISSION_REQUIRED", "TEAM_MEMBERSHIP_NOT_FOUND"],
  {
    operationId: "transferProject",
    method: "post",
    path: "/internal/projects/transfer",
    tags: ["Projects"],
    summary: "Move a project the signed-in user owns to another of their teams",
    description:
      "Call on the internal project with a user session. A project the user does not own through one of their teams answers " +
      "PROJECT_NOT_FOUND; without `team_admin` in the team that owns it, TEAM_PERMISSION_REQUIRED; a new team they are not a " +
      "member of, TEAM_MEMBERSHIP_NOT_FOUND.",
    request: { body: jsonBody(TransferBody) },
    responses: { 200: jsonResponse(TransferredSchema, "Transferred") },
  },
);

function internalUser(auth: RequestAuth) {
  const user = requireUser(auth);
  if (auth.tenancy.projectId !== "internal") throw new KnownError("EXPECTED_INTERNAL_PROJECT");
  return user;
}

export function registerInternalProjectRoutes(router: Router): void {
  router.openapi(createProjectRoute, async (c) => {
    const user = internalUser(c.var.auth);
    const body = c.req.valid("json");
    const deps = c.var.deps;
    const project = await createOwnedProject(deps, user.sub, {
      ...toProjectInput(body),
      displayName: body.display_name,
      ownerTeamId: body.owner_team_id,
      isDevelopmentEnvironment: body.is_development_environment,
    });
    const tenancy = await deps.tenancies.load(project.id);
    return c.json(toAdminProject(tenancy.project, tenancy.config), 201);
  });

  router.openapi(listProjectsRoute, async (c) => {
    const user = internalUser(c.var.auth);
    const deps = c.var.deps;
    const projects = await listOwnedProjects(deps, user.sub);
    const items = await Promise.all(
      projects.map(async (p) => {
        const tenancy = await deps.tenancies.load(p.id);
        return toAdminProject(tenancy.project, tenancy.config);
      }),
    );
    return c.json({ items, is_paginated: false }, 200);
  });

  router.openapi(getCurrentProjectAdminRoute, (c) => {
    const { tenancy } = c.var.auth;
    return c.json(toAdminProject(tenancy.project, tenancy.config), 200);
  });

  router.openapi(deleteCurrentProjectRoute, async (c) => {
    await deleteCurrentProject(c.var.deps, c.var.auth.tenancy);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(transferProjectRoute, async (c) => {
    const user = internalUser(c.var.auth);
    const { project_id, new_team_id } = c.req.valid("json");
    await transferProject(c.var.deps, user.sub, project_id, new_team_id);
    return c.json({ success: "true" as const }, 200);
  });

  router.openapi(updateCurrentProjectAdminRoute, async (c) => {
    const body = c.req.valid("json");
    const tenancy = await updateCurrentProject(c.var.deps, c.var.auth.tenancy, toProjectInput(body));
    return c.json(toAdminProject(tenancy.project, tenancy.config), 200);
  });
}

export type AdminProject = z.infer<typeof AdminProjectSchema>;
