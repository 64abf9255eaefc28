import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { KnownError } from "../../errors";
import { ADMIN_ONLY, SERVER_AND_UP } from "../../http/access";
import type { AppEnv } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import { assertStorableValue } from "../../http/request-guard";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import { CONFIG_LEVELS, type ConfigLevel } from "../../services/project-config/document";
import {
  ConfigOverrideRefused,
  patchOverride,
  readConfigSource,
  readOverride,
  replaceOverride,
  resetOverrideKeys,
  unlinkConfigSource,
} from "../../services/project-config/overrides";

const KEYS_NOTE =
  "Keys follow the configuration document (`auth.password.allowSignIn`, `teams.allowClientTeamCreation`, " +
  "`payments.products.<id>`, ...), and each level takes the keys Stack Auth's does: the project level only " +
  "`sourceOfTruth` and `project`; the branch level what an app declares; the environment level adds domains, " +
  "OAuth credentials, the e-mail server and payments test mode. Dotted keys may stand for nested objects, and " +
  "`null` sets a key back to its default (removes a record entry). A dotted key into a record entry no level " +
  "created is ignored when rendering. A document that cannot be stored (not JSON, unknown keys, wrong types, " +
  "malformed values, or a result that is inconsistent: a standard OAuth provider without its client id, an own " +
  "e-mail server missing a field) answers 400 with the problems as text, naming each key, and nothing is stored.";

/** A document that cannot be stored, answered as text (errors/config.ts). */
const REFUSED = ["CONFIG_OVERRIDE_NOT_JSON", "CONFIG_OVERRIDE_NOT_OBJECT", "CONFIG_OVERRIDE_REFUSED"] as const;

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
  level: z
    .enum(CONFIG_LEVELS, { error: "params.level must be one of the following values: project, branch, environment" })
    .openapi({ param: { name: "level", in: "path" }, description: "project, branch or environment" }),
});
const ResetLevelParam = z.object({
  level: z
    .enum(["branch", "environment"], { error: "params.level must be one of the following values: branch, environment" })
    .openapi({ param: { name: "level", in: "path" }, description: "branch or environment" }),
});

const ReplaceBody = z
  .strictObject({
    config_string: z.string().max(1_000_000),
    source: ConfigSourceSchema.optional().openapi({ description: "Branch level only, and required there: where this configuration was pushed from." }),
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

const getConfigOverrideRoute = authenticatedRoute(SERVER_AND_UP, ["CONFIG_LEVEL_NEEDS_ADMIN_ACCESS"], {
  operationId: "getConfigOverride",
  method: "get",
  path: "/internal/config/override/{level}",
  tags: ["Config"],
  summary: "Read one level's override",
  description: "Server access reads the branch level only.",
  request: { params: LevelParam },
  responses: { 200: jsonResponse(ConfigStringSchema, "The override as stored: dotted keys as they were written") },
});

const replaceConfigOverrideRoute = authenticatedRoute(SERVER_AND_UP, [...REFUSED, "CONFIG_LEVEL_NEEDS_ADMIN_ACCESS"], {
  operationId: "replaceConfigOverride",
  method: "put",
  path: "/internal/config/override/{level}",
  tags: ["Config"],
  summary: "Replace one level's override",
  description: `The branch level needs the source it was pushed from. Server access writes the branch level only. ${KEYS_NOTE}`,
  request: { params: LevelParam, body: jsonBody(ReplaceBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Stored") },
});

const updateConfigOverrideRoute = authenticatedRoute(SERVER_AND_UP, [...REFUSED, "CONFIG_LEVEL_NEEDS_ADMIN_ACCESS"], {
  operationId: "updateConfigOverride",
  method: "patch",
  path: "/internal/config/override/{level}",
  tags: ["Config"],
  summary: "Merge keys into one level's override",
  description: `Each key given replaces that key of the override and every key below it; keys not given stay. Server access writes the branch level only. ${KEYS_NOTE}`,
  request: { params: LevelParam, body: jsonBody(PatchBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Stored") },
});

const resetConfigOverrideKeysRoute = authenticatedRoute(ADMIN_ONLY, ["CONFIG_OVERRIDE_REFUSED"], {
  operationId: "resetConfigOverrideKeys",
  method: "post",
  path: "/internal/config/override/{level}/reset-keys",
  tags: ["Config"],
  summary: "Remove keys from one level's override",
  description:
    "The keys (dotted), and every key below them, leave the branch or environment override, so lower levels or the defaults show through again. Keys it does not set are ignored.",
  request: { params: ResetLevelParam, body: jsonBody(ResetKeysBody) },
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
    throw new KnownError("CONFIG_OVERRIDE_NOT_JSON", { field });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new KnownError("CONFIG_OVERRIDE_NOT_OBJECT", { field });
  }
  assertStorableValue(value, field);
  return value as Record<string, unknown>;
}

/** A refused document is answered as Stack Auth answers it: 400, the problems as text. */
async function answeringRefusalsAsText<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConfigOverrideRefused) throw new KnownError("CONFIG_OVERRIDE_REFUSED", { problems: error.problems });
    throw error;
  }
}

/** Server access manages the branch level (a pushed configuration) only, as in Stack Auth. */
function levelFor(c: Context<AppEnv>, level: ConfigLevel): ConfigLevel {
  if (c.var.auth.type === "server" && level !== "branch") throw new KnownError("CONFIG_LEVEL_NEEDS_ADMIN_ACCESS");
  return level;
}

export function registerConfigRoutes(router: Router): void {
  router.openapi(getConfigRoute, (c) => c.json({ config_string: JSON.stringify(c.var.auth.tenancy.config) }, 200));

  router.openapi(getConfigOverrideRoute, async (c) => {
    const override = await readOverride(c.var.deps, c.var.auth.tenancy, levelFor(c, c.req.valid("param").level));
    return c.json({ config_string: JSON.stringify(override) }, 200);
  });

  router.openapi(replaceConfigOverrideRoute, async (c) => {
    const { config_string, source } = c.req.valid("json");
    const level = levelFor(c, c.req.valid("param").level);
    await answeringRefusalsAsText(() => replaceOverride(c.var.deps, c.var.auth.tenancy, level, parseDocument(config_string, "config_string"), source));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(updateConfigOverrideRoute, async (c) => {
    const level = levelFor(c, c.req.valid("param").level);
    const changes = parseDocument(c.req.valid("json").config_override_string, "config_override_string");
    await answeringRefusalsAsText(() => patchOverride(c.var.deps, c.var.auth.tenancy, level, changes));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(resetConfigOverrideKeysRoute, async (c) => {
    await answeringRefusalsAsText(() => resetOverrideKeys(c.var.deps, c.var.auth.tenancy, c.req.valid("param").level, c.req.valid("json").keys));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(getConfigSourceRoute, async (c) => c.json({ source: await readConfigSource(c.var.deps, c.var.auth.tenancy) }, 200));

  router.openapi(unlinkConfigSourceRoute, async (c) => {
    await unlinkConfigSource(c.var.deps, c.var.auth.tenancy);
    return c.json({ success: true as const }, 200);
  });
}
