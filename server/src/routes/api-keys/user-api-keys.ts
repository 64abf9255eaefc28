import { z } from "@hono/zod-openapi";
import { KnownError, type KnownErrorCode } from "../../errors";
import { requireUser, resolveUserId } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import type { Router } from "../../http/router";
import { listSchema, UserIdOrMe } from "../../http/schemas";
import {
  checkApiKey,
  createApiKey,
  listApiKeysOf,
  readApiKey,
  updateApiKeyOf,
  type ApiKeyActor,
  type ApiKeyOwner,
} from "../../services/api-keys/api-keys";
import { apiKeyRoutes, baseKeyFields, createFields, FullValueSchema, LastFourSchema, toUserKeyRead } from "./shared";

const ownerFields = { type: z.literal("user"), user_id: z.uuid() };

const UserApiKeySchema = z.object({ ...baseKeyFields, ...ownerFields, value: LastFourSchema }).openapi("UserApiKey");
const CreatedUserApiKeySchema = z
  .object({ ...baseKeyFields, ...ownerFields, value: FullValueSchema })
  .openapi("CreatedUserApiKey", { description: "The new key; `value` is the whole key, shown only here." });
const CreateBody = z.strictObject({ ...createFields, user_id: UserIdOrMe }).openapi("UserApiKeyCreate");

const OWNER_ERRORS: KnownErrorCode[] = ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "CLIENT_CAN_ONLY_MANAGE_OWN_API_KEYS"];

const routes = apiKeyRoutes({
  type: "user",
  schemas: {
    createBody: CreateBody,
    created: CreatedUserApiKeySchema,
    read: UserApiKeySchema,
    list: listSchema(UserApiKeySchema, "UserApiKeyList"),
    listQuery: z.strictObject({ user_id: UserIdOrMe }),
    byIdQuery: z.strictObject({ user_id: UserIdOrMe.optional().openapi({ description: "The key's owner, as the SDK sends it; optional." }) }),
  },
  ownerErrors: OWNER_ERRORS,
  byIdErrors: OWNER_ERRORS,
  clientRule: "A client manages only its own user's keys; naming another user answers a plain 403, as in Stack Auth, whether that user exists or not.",
});

const actorOf = (auth: RequestAuth): ApiKeyActor => (auth.type === "client" ? { clientUserId: requireUser(auth).sub } : null);
function ownerOf(auth: RequestAuth, userId: string): ApiKeyOwner {
  const resolved = resolveUserId(auth, userId);
  if (auth.type === "client" && requireUser(auth).sub !== resolved) throw new KnownError("CLIENT_CAN_ONLY_MANAGE_OWN_API_KEYS");
  return { type: "user", userId: resolved };
}

export function registerUserApiKeyRoutes(router: Router): void {
  router.openapi(routes.create, async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    const owner = ownerOf(auth, body.user_id);
    const created = await createApiKey(c.var.deps, auth.tenancy, actorOf(auth), {
      owner,
      description: body.description,
      isPublic: body.is_public ?? false,
      expiresAtMillis: body.expires_at_millis,
    });
    return c.json({ ...toUserKeyRead(created.key), value: created.value }, 200);
  });

  router.openapi(routes.list, async (c) => {
    const auth = c.var.auth;
    const owner = ownerOf(auth, c.req.valid("query").user_id);
    const keys = await listApiKeysOf(c.var.deps, auth.tenancy, actorOf(auth), owner);
    return c.json({ items: keys.map(toUserKeyRead), is_paginated: false }, 200);
  });

  router.openapi(routes.check, async (c) => {
    const key = await checkApiKey(c.var.deps, c.var.auth.tenancy, "user", c.req.valid("json").api_key);
    return c.json(toUserKeyRead(key), 200);
  });

  router.openapi(routes.get, async (c) => {
    const auth = c.var.auth;
    const { user_id } = c.req.valid("query");
    const expected = user_id === undefined ? null : ownerOf(auth, user_id);
    const key = await readApiKey(c.var.deps, auth.tenancy, actorOf(auth), "user", c.req.valid("param").id, expected);
    return c.json(toUserKeyRead(key), 200);
  });

  router.openapi(routes.update, async (c) => {
    const auth = c.var.auth;
    const { user_id } = c.req.valid("query");
    const body = c.req.valid("json");
    const expected = user_id === undefined ? null : ownerOf(auth, user_id);
    const key = await updateApiKeyOf(c.var.deps, auth.tenancy, actorOf(auth), "user", c.req.valid("param").id, expected, {
      description: body.description,
      expiresAtMillis: body.expires_at_millis,
      revoke: body.revoked,
    });
    return c.json(toUserKeyRead(key), 200);
  });
}
