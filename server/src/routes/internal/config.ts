import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { ADMIN_ONLY, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import { assertStorableValue } from "../../http/request-guard";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import { CONFIG_LEVELS } from "../../services/project-config/document";
import {
  patchOverride,
  readConfigSource,
  readOverride,
  replaceOverride,
  resetOverrideKeys,
  unlinkConfigSource,
} from "../../services/project-config/overrides";

const KEYS_NOTE =
  "Keys follow the configuration document (`auth.password.allowSignIn`, `teams.allowClientTeamCreation`, " +
  "`payments.products.<id>`, ...); dotted keys may stand for nested objects, and `null` removes a key. Unknown keys, " +
  "wrong types, malformed ids and values, and changes that leave the document inconsistent (a standard OAuth provider " +
  "without its client id, an own e-mail server missing a field, a product in a catalog that does not exist) answer " +
  "SCHEMA_ERROR naming each key, and nothing is stored.";

const ConfigStringSchema = z
  .object({ config_string: z.string().openapi({ description: "A JSON document, as a string." }) })
  .openapi("ConfigString");

const GitHubSourceSchema = z
  .strictObject({
    type: z.literal("pushed-from-github"),
    owner: z.string().max(256),
    repo: z.string().max(256),
    branch: z.string().max(256),
    commit_hash: z.string().max(256),
    config_file_path: z.string().max(1024),
    workflow_path: z.string().max(1024).optional(),
  })
  .openapi("ConfigSourceGitHub");
const ConfigSourceSchema = z
  .discriminatedUnion("type", [
    GitHubSourceSchema,
    z.strictObject({ type: z.literal("pushed-from-unknown") }).openapi("ConfigSourceUnknown"),
    z.strictObject({ type: z.literal("unlinked") }).openapi("ConfigSourceUnlinked"),
  ])
  .openapi("ConfigSource");

const LevelParam = z.object({
  level: z.enum(CONFIG_LEVELS).openapi({ param: { name: "level", in: "path" }, description: "project, branch or environment" }),
});

const ReplaceBody = z
  .strictObject({
    config_string: z.string().max(1_000_000),
    source: ConfigSourceSchema.optional().openapi({ description: "Branch level only: where this configuration was pushed from." }),
  })
  .openapi("ConfigOverrideReplace");
const PatchBody = z.strictObject({ config_override_string: z.string().max(1_000_000) }).openapi("ConfigOverridePatch");
const ResetKeysBody = z.strictObject({ keys: z.array(z.string().min(1).max(512)).max(1000) }).openapi("ConfigOverrideResetKeys");

const getConfigRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getConfig",
  method: "get",
  path: "/internal/config",
  tags: ["Config"],
  summary: "Read the rendered configuration document",
  description: "Defaults, then the project, branch and environment overrides, the later winning, as one JSON string.",
  responses: { 200: jsonResponse(ConfigStringSchema, "The rendered document") },
});

const getConfigOverrideRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "getConfigOverride",
  method: "get",
  path: "/internal/config/override/{level}",
  tags: ["Config"],
  summary: "Read one level's override",
  request: { params: LevelParam },
  responses: { 200: jsonResponse(ConfigStringSchema, "The override, nested (dotted keys expanded)") },
});

const replaceConfigOverrideRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "replaceConfigOverride",
  method: "put",
  path: "/internal/config/override/{level}",
  tags: ["Config"],
  summary: "Replace one level's override",
  description: KEYS_NOTE,
  request: { params: LevelParam, body: jsonBody(ReplaceBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Stored") },
});

const updateConfigOverrideRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "updateConfigOverride",
  method: "patch",
  path: "/internal/config/override/{level}",
  tags: ["Config"],
  summary: "Merge keys into one level's override",
  description: `Each key given replaces that key of the override; keys not given stay. ${KEYS_NOTE}`,
  request: { params: LevelParam, body: jsonBody(PatchBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Stored") },
});

const resetConfigOverrideKeysRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "resetConfigOverrideKeys",
  method: "post",
  path: "/internal/config/override/{level}/reset-keys",
  tags: ["Config"],
  summary: "Remove keys from one level's override",
  description: "The keys (dotted) leave the override, so lower levels or the defaults show through again. Keys it does not set are ignored.",
  request: { params: LevelParam, body: jsonBody(ResetKeysBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Stored") },
});

const getConfigSourceRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getConfigSource",
  method: "get",
  path: "/internal/config/source",
  tags: ["Config"],
  summary: "Where the branch's configuration was pushed from",
  responses: { 200: jsonResponse(z.object({ source: ConfigSourceSchema }).openapi("ConfigSourceRead"), "The source; unlinked when none was recorded") },
});

const unlinkConfigSourceRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "unlinkConfigSource",
  method: "delete",
  path: "/internal/config/source",
  tags: ["Config"],
  summary: "Unlink the branch's configuration from where it was pushed from",
  description: "The configuration itself stays as it is.",
  responses: { 200: jsonResponse(SuccessSchema, "Unlinked") },
});

/** A JSON object carried as a string, held to the same input rules as a request body. */
function parseDocument(text: string, field: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KnownError("SCHEMA_ERROR", { message: `${field} is not valid JSON` });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new KnownError("SCHEMA_ERROR", { message: `${field} must be a JSON object` });
  }
  assertStorableValue(value, field);
  return value as Record<string, unknown>;
}

export function registerConfigRoutes(router: Router): void {
  router.openapi(getConfigRoute, (c) => c.json({ config_string: JSON.stringify(c.var.auth.tenancy.config) }, 200));

  router.openapi(getConfigOverrideRoute, async (c) => {
    const override = await readOverride(c.var.deps, c.var.auth.tenancy, c.req.valid("param").level);
    return c.json({ config_string: JSON.stringify(override) }, 200);
  });

  router.openapi(replaceConfigOverrideRoute, async (c) => {
    const { config_string, source } = c.req.valid("json");
    await replaceOverride(c.var.deps, c.var.auth.tenancy, c.req.valid("param").level, parseDocument(config_string, "config_string"), source);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(updateConfigOverrideRoute, async (c) => {
    const changes = parseDocument(c.req.valid("json").config_override_string, "config_override_string");
    await patchOverride(c.var.deps, c.var.auth.tenancy, c.req.valid("param").level, changes);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(resetConfigOverrideKeysRoute, async (c) => {
    await resetOverrideKeys(c.var.deps, c.var.auth.tenancy, c.req.valid("param").level, c.req.valid("json").keys);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(getConfigSourceRoute, async (c) => c.json({ source: await readConfigSource(c.var.deps, c.var.auth.tenancy) }, 200));

  router.openapi(unlinkConfigSourceRoute, async (c) => {
    await unlinkConfigSource(c.var.deps, c.var.auth.tenancy);
    return c.json({ success: true as const }, 200);
  });
}
