/**
 * What the user-api-keys and team-api-keys resources share: the same five operations on
 * the same shape, differing only in the owner field. Each resource file supplies its own
 * named schemas and owner rules; the route configurations and the read shape live here.
 */
import { z } from "@hono/zod-openapi";
import type { KnownErrorCode } from "../../errors";
import { CLIENT_AND_UP, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import { MillisSchema } from "../../http/schemas";
import type { ApiKeyOwnerType, ApiKeyRecord } from "../../services/api-keys/api-keys";

export const TAGS = ["API keys"];

const label = (type: ApiKeyOwnerType) => (type === "user" ? "User" : "Team");

const DISABLED_NOTE = (type: ApiKeyOwnerType) =>
  ` A project that has not enabled ${type} API keys (\`allow_${type}_api_keys\`, config \`apiKeys.enabled.${type}\`) answers ` +
  "a plain 400, as Stack Auth answers.";

/** The fields every API key shape has, in both kinds. */
export const baseKeyFields = {
  id: z.uuid(),
  description: z.string(),
  expires_at_millis: z.number().optional().openapi({ description: "Absent when the key never expires." }),
  manually_revoked_at_millis: z.number().optional().openapi({ description: "Present once the key has been revoked." }),
  created_at_millis: z.number(),
  is_public: z.boolean(),
};

export const createFields = {
  description: z.string().max(1000),
  expires_at_millis: MillisSchema.nullable().openapi({ description: "When the key stops working; null for never. The key is required." }),
  is_public: z.boolean().optional().openapi({ description: "A public key (`pk_…`) rather than a secret one (`sk_…`). Default false." }),
};

export const LastFourSchema = z.object({ last_four: z.string() }).openapi("ApiKeyLastFour");

export const FullValueSchema = z.string().openapi({
  description:
    "The whole key, shown only in this response: `sk_` or `pk_`, 45 secret characters, the key's id without dashes, " +
    "`user` or `team`, a scanner flag, the marker `574ck4u7h` and a CRC-32 checksum in hex.",
});

export const UpdateBody = z
  .strictObject({
    description: z.string().max(1000).optional(),
    expires_at_millis: MillisSchema.nullable().optional().openapi({ description: "A new expiry; null for never (SPEC §3)." }),
    revoked: z.literal(true).optional().openapi({ description: "Revokes the key for good; revoking again changes nothing." }),
  })
  .openapi("ApiKeyUpdate");

export const CheckBody = z.strictObject({ api_key: z.string().max(1000) }).openapi("ApiKeyCheck");

export const IdParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

/** The fields of the read shape both kinds share; `value` carries only the key's last four characters. */
function baseRead(key: ApiKeyRecord) {
  return {
    id: key.id,
    description: key.description,
    ...(key.expiresAtMillis === null ? {} : { expires_at_millis: key.expiresAtMillis }),
    ...(key.manuallyRevokedAtMillis === null ? {} : { manually_revoked_at_millis: key.manuallyRevokedAtMillis }),
    created_at_millis: key.createdAtMillis,
    is_public: key.isPublic,
    value: { last_four: key.lastFour },
  };
}

/** The read shape of a user key. The services only hand a kind's routes keys of that kind. */
export function toUserKeyRead(key: ApiKeyRecord) {
  if (key.owner.type !== "user") throw new Error(`API key ${key.id} is not a user key`);
  return { ...baseRead(key), type: "user" as const, user_id: key.owner.userId };
}

export function toTeamKeyRead(key: ApiKeyRecord) {
  if (key.owner.type !== "team") throw new Error(`API key ${key.id} is not a team key`);
  return { ...baseRead(key), type: "team" as const, team_id: key.owner.teamId };
}

const CHECK_ERRORS: KnownErrorCode[] = ["API_KEY_NOT_FOUND", "WRONG_API_KEY_TYPE", "API_KEY_REVOKED", "API_KEY_EXPIRED"];

/** The five route configurations of one kind, from that kind's schemas and owner errors. */
export function apiKeyRoutes<
  CreateBody extends z.ZodType,
  Created extends z.ZodType,
  Read extends z.ZodType,
  List extends z.ZodType,
  ListQuery extends z.ZodObject,
  ByIdQuery extends z.ZodObject,
>(spec: {
  type: ApiKeyOwnerType;
  schemas: { createBody: CreateBody; created: Created; read: Read; list: List; listQuery: ListQuery; byIdQuery: ByIdQuery };
  ownerErrors: KnownErrorCode[];
  byIdErrors: KnownErrorCode[];
  clientRule: string;
}) {
  const { type, schemas } = spec;
  const name = label(type);
  const path = `/${type}-api-keys`;
  const disabled = DISABLED_NOTE(type);
  return {
    create: authenticatedRoute(CLIENT_AND_UP, [...spec.ownerErrors, "API_KEYS_NOT_ENABLED"], {
      operationId: `create${name}ApiKey`,
      method: "post",
      path,
      tags: TAGS,
      summary: `Create a ${type} API key`,
      description: `Returns the whole key in \`value\`, once; later reads show only its last four characters. ${spec.clientRule}${disabled}`,
      request: { body: jsonBody(schemas.createBody) },
      responses: { 200: jsonResponse(schemas.created, "The new key, in full, once (200, as Stack Auth answers)") },
    }),
    list: authenticatedRoute(CLIENT_AND_UP, [...spec.ownerErrors, "API_KEYS_NOT_ENABLED"], {
      operationId: `list${name}ApiKeys`,
      method: "get",
      path,
      tags: TAGS,
      summary: `List a ${type}'s API keys`,
      description: `Revoked and expired keys included, newest first. ${spec.clientRule}${disabled}`,
      request: { query: schemas.listQuery },
      responses: { 200: jsonResponse(schemas.list, "The keys") },
    }),
    get: authenticatedRoute(CLIENT_AND_UP, ["API_KEY_NOT_FOUND", "API_KEYS_NOT_ENABLED", ...spec.byIdErrors], {
      operationId: `get${name}ApiKey`,
      method: "get",
      path: `${path}/{id}`,
      tags: TAGS,
      summary: `Read a ${type} API key`,
      description:
        `A key of another owner than the one named in the query, of the other kind, or one the client may not manage ` +
        `answers API_KEY_NOT_FOUND. ${spec.clientRule}${disabled}`,
      request: { params: IdParam, query: schemas.byIdQuery },
      responses: { 200: jsonResponse(schemas.read, "The key") },
    }),
    update: authenticatedRoute(CLIENT_AND_UP, ["API_KEY_NOT_FOUND", "API_KEYS_NOT_ENABLED", ...spec.byIdErrors], {
      operationId: `update${name}ApiKey`,
      method: "patch",
      path: `${path}/{id}`,
      tags: TAGS,
      summary: `Rename or revoke a ${type} API key`,
      description: `\`revoked: true\` ends the key for good. Access as for reading the key.${disabled}`,
      request: { params: IdParam, query: schemas.byIdQuery, body: jsonBody(UpdateBody) },
      responses: { 200: jsonResponse(schemas.read, "The updated key") },
    }),
    check: authenticatedRoute(SERVER_AND_UP, [...CHECK_ERRORS, "API_KEYS_NOT_ENABLED"], {
      operationId: `check${name}ApiKey`,
      method: "post",
      path: `${path}/check`,
      tags: TAGS,
      summary: `Check a ${type} API key`,
      description:
        `The key's read shape when it is a valid ${type} key of this project. Otherwise one of the API_KEY_NOT_VALID errors: ` +
        `API_KEY_NOT_FOUND (unknown or malformed), WRONG_API_KEY_TYPE (a key of the other kind), then API_KEY_REVOKED or ` +
        `API_KEY_EXPIRED.${disabled}`,
      request: { body: jsonBody(CheckBody) },
      responses: { 200: jsonResponse(schemas.read, "The valid key") },
    }),
  };
}
