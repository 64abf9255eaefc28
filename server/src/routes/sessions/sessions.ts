import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { CLIENT_AND_UP, requireUser, resolveListOwnerForAccess, resolveUserIdForAccess, SERVER_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { stackHeader } from "../../http/headers";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema, UrlSchema } from "../../http/schemas";
import {
  createSessionForUser,
  DEFAULT_SESSION_LIFETIME_MS,
  endSession,
  listSessions,
  refreshSession,
  revokeSession,
} from "../../services/sessions/sessions";
import { createImpersonationLink, IMPERSONATION_LINK_LIFETIME_MS } from "../../services/auth/impersonation-links";

const signOutRoute = authenticatedRoute(CLIENT_AND_UP, ["USER_AUTHENTICATION_REQUIRED", "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"], {
  operationId: "signOut",
  method: "delete",
  path: "/auth/sessions/current",
  tags: ["Sessions"],
  summary: "Sign out (end the current session)",
  // The Stack SDKs send `{}` as a JSON body with this DELETE.
  request: { body: optionalJsonBody(z.strictObject({})) },
  responses: { 200: jsonResponse(SuccessSchema, "The session was ended; its refresh token no longer works") },
});

const MAX_SESSION_LIFETIME_MS = 367 * 24 * 3600 * 1000;

const CreateSessionBody = z
  .strictObject({
    user_id: z.uuid(),
    expires_in_millis: z
      .number()
      .int()
      .positive()
      .max(MAX_SESSION_LIFETIME_MS)
      .optional()
      .openapi({ description: `Session lifetime; default ${DEFAULT_SESSION_LIFETIME_MS} (one year), at most 367 days.` }),
    is_impersonation: z.boolean().optional().openapi({ description: "Marks the session as an impersonation; default false." }),
  })
  .openapi("SessionCreate");

const SessionTokensSchema = z
  .object({ refresh_token: z.string(), access_token: z.string() })
  .openapi("SessionTokens");

const GeoInfoSchema = z
  .object({
    ip: z.string(),
    countryCode: z.string().nullable().optional(),
    regionCode: z.string().nullable().optional(),
    cityName: z.string().nullable().optional(),
    latitude: z.number().nullable().optional(),
    longitude: z.number().nullable().optional(),
    tzIdentifier: z.string().nullable().optional(),
  })
  .openapi("SessionGeoInfo");

const SessionSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    created_at: z.number().openapi({ description: "Milliseconds since epoch." }),
    is_impersonation: z.boolean(),
    last_used_at: z.number().openapi({ description: "Milliseconds since epoch; updated on refresh and, at most once a minute, on use." }),
    is_current_session: z.boolean().openapi({ description: "Whether this is the session of the access token sent." }),
    last_used_at_end_user_ip_info: GeoInfoSchema.optional(),
    user_agent: z.string().nullable().openapi({ description: "Ours: the User-Agent the session was signed in with, for telling devices apart; null when none was sent." }),
  })
  .openapi("Session");

const SessionListSchema = z
  .object({ items: z.array(SessionSchema), is_paginated: z.literal(false) })
  .openapi("SessionList");

const UserIdQuery = z
  .union([z.uuid(), z.literal("me")])
  .openapi({ description: "A user id, or `me`. Client access may only name the signed-in user." });

const listSessionsRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "USER_NOT_FOUND", "CLIENT_CANNOT_LIST_OTHER_USERS_SESSIONS"],
  {
  operationId: "listSessions",
  method: "get",
  path: "/auth/sessions",
  tags: ["Sessions"],
  summary: "List a user's active sessions",
  description: "Client access may only name the signed-in user (another user's id answers 403) and sees no impersonation sessions.",
  request: { query: z.strictObject({ user_id: UserIdQuery }) },
  responses: { 200: jsonResponse(SessionListSchema, "The user's live sessions") },
  },
);

const revokeSessionRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "CANNOT_GET_OWN_USER_WITHOUT_USER",
    "USER_AUTHENTICATION_REQUIRED",
    "USER_NOT_FOUND",
    "CANNOT_DELETE_CURRENT_SESSION",
    "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  ],
  {
    operationId: "revokeSession",
    method: "delete",
    path: "/auth/sessions/{session_id}",
    tags: ["Sessions"],
    summary: "Revoke a session; its refresh token stops working at once",
    description:
      "A session is its refresh token: an unknown session, or one of another user, answers REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED " +
      "(as sign-out does for a session already gone). Client access may only name the signed-in user (`me`, the default).",
    request: {
      params: z.object({ session_id: z.uuid().openapi({ param: { name: "session_id", in: "path" } }) }),
      query: z.strictObject({ user_id: UserIdQuery.optional() }),
      // Some SDK versions send `{}` with DELETE requests.
      body: optionalJsonBody(z.strictObject({})),
    },
    responses: { 200: jsonResponse(SuccessSchema, "Revoked") },
  },
);

const createSessionRoute = authenticatedRoute(SERVER_AND_UP, ["USER_ID_DOES_NOT_EXIST"], {
  operationId: "createSession",
  method: "post",
  path: "/auth/sessions",
  tags: ["Sessions"],
  summary: "Create a session for a user (e.g. impersonation)",
  request: { body: jsonBody(CreateSessionBody) },
  responses: { 200: jsonResponse(SessionTokensSchema, "The new session's tokens") },
});

const ImpersonationLinkBody = z
  .strictObject({
    user_id: z.uuid(),
    callback_url: UrlSchema.openapi({
      description: "The app's sign-in-link page (its handler's magic-link-callback); must be on a trusted domain. The link is this URL with `code` added.",
    }),
    expires_in_millis: CreateSessionBody.shape.expires_in_millis,
  })
  .openapi("ImpersonationLinkCreate");

const ImpersonationLinkSchema = z
  .object({
    url: z.string().openapi({ description: "Opens the app signed in as the user; single use." }),
    expires_at_millis: z.number().openapi({ description: `When the link stops working, ${IMPERSONATION_LINK_LIFETIME_MS / 60_000} minutes after it was made; the session it opens lasts expires_in_millis from then.` }),
  })
  .openapi("ImpersonationLink");

const createImpersonationLinkRoute = authenticatedRoute(SERVER_AND_UP, ["USER_ID_DOES_NOT_EXIST", "REDIRECT_URL_NOT_WHITELISTED"], {
  operationId: "createImpersonationLink",
  method: "post",
  path: "/auth/sessions/impersonation-links",
  tags: ["Sessions"],
  summary: "A single-use link that signs the app in as a user, in an impersonation session",
  description:
    "Ours. The link leads to callback_url with a `code`, which the app's sign-in-link page redeems with POST /auth/otp/sign-in (as Stack's SDKs and Gatehouse's client library do), even when e-mailed codes are off.",
  request: { body: jsonBody(ImpersonationLinkBody) },
  responses: { 200: jsonResponse(ImpersonationLinkSchema, "The link") },
});

const refreshCurrentSessionRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"],
  {
    operationId: "refreshCurrentSession",
    method: "post",
    path: "/auth/sessions/current/refresh",
    tags: ["Sessions"],
    summary: "A new access token for the session whose refresh token is sent in x-stack-refresh-token",
    description: "The refresh token alone names the session: an access token sent beside it is not read, as it has usually expired by now.",
    request: {
      headers: z.object({
        "x-stack-refresh-token": z.string().optional().openapi({ description: "The session's refresh token (or x-hexclave-refresh-token)." }),
        "x-hexclave-refresh-token": z.string().optional(),
      }),
      body: optionalJsonBody(z.strictObject({})),
    },
    responses: { 200: jsonResponse(z.object({ access_token: z.string() }).openapi("RefreshedAccessToken"), "A fresh access token") },
  },
  undefined,
  { readAccessToken: false },
);

export function registerSessionRoutes(router: Router): void {
  router.openapi(signOutRoute, async (c) => {
    const auth = c.var.auth;
    const user = requireUser(auth);
    await endSession(c.var.deps, auth.tenancy, user.sub, user.refresh_token_id);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(refreshCurrentSessionRoute, async (c) => {
    const refreshToken = stackHeader(c, "refresh-token");
    if (!refreshToken) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    const { accessToken } = await refreshSession(c.var.deps, c.var.auth.tenancy, refreshToken, clientInfo(c));
    return c.json({ access_token: accessToken }, 200);
  });

  router.openapi(listSessionsRoute, async (c) => {
    const auth = c.var.auth;
    const userId = resolveListOwnerForAccess(auth, c.req.valid("query").user_id, "CLIENT_CANNOT_LIST_OTHER_USERS_SESSIONS");
    // A user does not see the sessions an administrator opened as them.
    const items = await listSessions(c.var.deps, auth.tenancy, userId, auth.user?.sub === userId ? auth.user.refresh_token_id : null, {
      includeImpersonation: auth.type !== "client",
    });
    return c.json({ items, is_paginated: false as const }, 200);
  });

  router.openapi(revokeSessionRoute, async (c) => {
    const auth = c.var.auth;
    const { user_id } = c.req.valid("query");
    // Server access may revoke any session of the project; with a user_id, only that user's.
    const ownerId = user_id === undefined && auth.type !== "client" ? null : resolveUserIdForAccess(auth, user_id ?? "me");
    const deleted = await revokeSession(c.var.deps, auth.tenancy, c.req.valid("param").session_id, {
      ownerId,
      currentSessionId: auth.user?.refresh_token_id ?? null,
    });
    if (!deleted) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    return c.json({ success: true as const }, 200);
  });

  router.openapi(createImpersonationLinkRoute, async (c) => {
    const body = c.req.valid("json");
    const link = await createImpersonationLink(c.var.deps, c.var.auth.tenancy, {
      userId: body.user_id,
      callbackUrl: body.callback_url,
      sessionExpiresInMillis: body.expires_in_millis,
    });
    return c.json(link, 200);
  });

  router.openapi(createSessionRoute, async (c) => {
    const body = c.req.valid("json");
    const tokens = await createSessionForUser(
      c.var.deps,
      c.var.auth.tenancy,
      body.user_id,
      { expiresInMillis: body.expires_in_millis, isImpersonation: body.is_impersonation },
      clientInfo(c),
    );
    return c.json(tokens, 200);
  });
}
