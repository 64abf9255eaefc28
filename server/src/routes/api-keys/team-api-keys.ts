import { z } from "@hono/zod-openapi";
import type { KnownErrorCode } from "../../errors";
import { requireUser } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import type { Router } from "../../http/router";
import { listSchema } from "../../http/schemas";
import {
  checkApiKey,
  createApiKey,
  listApiKeysOf,
  readApiKey,
  updateApiKeyOf,
  type ApiKeyActor,
  type ApiKeyOwner,
} from "../../services/api-keys/api-keys";
import { apiKeyRoutes, baseKeyFields, createFields, FullValueSchema, LastFourSchema, toTeamKeyRead } from "./shared";

const ownerFields = { type: z.literal("team"), team_id: z.uuid() };

const TeamApiKeySchema = z.object({ ...baseKeyFields, ...ownerFields, value: LastFourSchema }).openapi("TeamApiKey");
const CreatedTeamApiKeySchema = z
  .object({ ...baseKeyFields, ...ownerFields, value: FullValueSchema })
  .openapi("CreatedTeamApiKey", { description: "The new key; `value` is the whole key, shown only here." });
const CreateBody = z.strictObject({ ...createFields, team_id: z.uuid() }).openapi("TeamApiKeyCreate");

const routes = apiKeyRoutes({
  type: "team",
  schemas: {
    createBody: CreateBody,
    created: CreatedTeamApiKeySchema,
    read: TeamApiKeySchema,
    list: listSchema(TeamApiKeySchema, "TeamApiKeyList"),
    listQuery: z.strictObject({ team_id: z.uuid() }),
    byIdQuery: z.strictObject({ team_id: z.uuid().optional().openapi({ description: "The key's team, as the SDK sends it; optional." }) }),
  },
  ownerErrors: ["TEAM_NOT_FOUND", "API_KEY_NOT_FOUND", "TEAM_PERMISSION_REQUIRED", "USER_AUTHENTICATION_REQUIRED"] satisfies KnownErrorCode[],
  byIdErrors: ["TEAM_PERMISSION_REQUIRED", "USER_AUTHENTICATION_REQUIRED"] satisfies KnownErrorCode[],
  clientRule:
    "A client must be a member of the team holding `$manage_api_keys` (TEAM_PERMISSION_REQUIRED otherwise); a team the client is not " +
    "in, or a key of one, answers API_KEY_NOT_FOUND, as in Stack Auth, so team ids cannot be probed.",
});

const actorOf = (auth: RequestAuth): ApiKeyActor => (auth.type === "client" ? { clientUserId: requireUser(auth).sub } : null);
const teamOwner = (teamId: string): ApiKeyOwner => ({ type: "team", teamId });

export function registerTeamApiKeyRoutes(router: Router): void {
  router.openapi(routes.create, async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    const created = await createApiKey(c.var.deps, auth.tenancy, actorOf(auth), {
      owner: teamOwner(body.team_id),
      description: body.description,
      isPublic: body.is_public ?? false,
      expiresAtMillis: body.expires_at_millis,
    });
    return c.json({ ...toTeamKeyRead(created.key), value: created.value }, 200);
  });

  router.openapi(routes.list, async (c) => {
    const auth = c.var.auth;
    const keys = await listApiKeysOf(c.var.deps, auth.tenancy, actorOf(auth), teamOwner(c.req.valid("query").team_id));
    return c.json({ items: keys.map(toTeamKeyRead), is_paginated: false }, 200);
  });

  router.openapi(routes.check, async (c) => {
    const key = await checkApiKey(c.var.deps, c.var.auth.tenancy, "team", c.req.valid("json").api_key);
    return c.json(toTeamKeyRead(key), 200);
  });

  router.openapi(routes.get, async (c) => {
    const auth = c.var.auth;
    const { team_id } = c.req.valid("query");
    const expected = team_id === undefined ? null : teamOwner(team_id);
    const key = await readApiKey(c.var.deps, auth.tenancy, actorOf(auth), "team", c.req.valid("param").id, expected);
    return c.json(toTeamKeyRead(key), 200);
  });

  router.openapi(routes.update, async (c) => {
    const auth = c.var.auth;
    const { team_id } = c.req.valid("query");
    const body = c.req.valid("json");
    const expected = team_id === undefined ? null : teamOwner(team_id);
    const key = await updateApiKeyOf(c.var.deps, auth.tenancy, actorOf(auth), "team", c.req.valid("param").id, expected, {
      description: body.description,
      expiresAtMillis: body.expires_at_millis,
      revoke: body.revoked,
    });
    return c.json(toTeamKeyRead(key), 200);
  });
}
