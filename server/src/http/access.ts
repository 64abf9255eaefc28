/**
 * Resolves who is calling from the request headers, in the order CONTRACT §2 gives, and
 * answers each failure with its named error. Keys are checked by digest (see
 * services/projects/project-key-checker.ts); access tokens are verified against the project's own key, so
 * a token from one project can never act on another. An admin access token is a session
 * of the internal project whose user owns the target project through one of their teams;
 * it grants whichever access type the request asks for.
 */
import type { Context, MiddlewareHandler } from "hono";
import { KnownError } from "../errors";
import type { AccessTokenClaims } from "../services/sessions/access-tokens";
import type { ServiceDeps } from "../services/deps";
import { isProjectOwner } from "../services/projects/ownership";
import type { AccessType, AppEnv, RequestAuth } from "./env";
import { stackHeader } from "./headers";
import { noteRequestCaller, type RequestCaller } from "../request-context";
import { clientInfo } from "./client-info";

const ACCESS_TYPES: readonly AccessType[] = ["client", "server", "admin"];

export const CLIENT_AND_UP: readonly AccessType[] = ["client", "server", "admin"];
export const SERVER_AND_UP: readonly AccessType[] = ["server", "admin"];
export const ADMIN_ONLY: readonly AccessType[] = ["admin"];

export interface AccessOptions {
  /**
   * False where the session is named by its refresh token instead (POST /auth/sessions/current/refresh):
   * the access token sent beside it has usually expired, or its session was ended, by then, and
   * what the route answers is decided by the refresh token alone.
   */
  readAccessToken?: boolean;
}

/** Resolves the caller, or null when the request carries no project authentication at all. */
export async function resolveAccess(c: Context<AppEnv>, deps: ServiceDeps, options: AccessOptions = {}): Promise<RequestAuth | null> {
  const accessType = stackHeader(c, "access-type");
  const projectId = stackHeader(c, "project-id");
  const publishableKey = stackHeader(c, "publishable-client-key");
  const secretKey = stackHeader(c, "secret-server-key");
  const adminKey = stackHeader(c, "super-secret-admin-key");
  const adminAccessToken = stackHeader(c, "admin-access-token");
  const accessToken = options.readAccessToken === false ? undefined : stackHeader(c, "access-token");
  const branchId = stackHeader(c, "branch-id") ?? "main";

  if (!accessType) {
    if (publishableKey || secretKey || adminKey || adminAccessToken) throw new KnownError("PROJECT_KEY_WITHOUT_ACCESS_TYPE");
    return null;
  }
  if (!ACCESS_TYPES.includes(accessType as AccessType)) throw new KnownError("INVALID_ACCESS_TYPE", { accessType });
  const type = accessType as AccessType;
  if (!projectId) throw new KnownError("ACCESS_TYPE_WITHOUT_PROJECT_ID", { request_type: type });

  const lookup = await deps.tenancies.lookup(projectId, branchId);
  if (!lookup.found && lookup.reason === "project-missing") {
    throw new KnownError("CURRENT_PROJECT_NOT_FOUND", { project_id: projectId });
  }

  let user: AccessTokenClaims | null = null;
  if (accessToken) {
    user = await deps.accessTokens.verify(projectId, accessToken);
    const allowAnonymous = stackHeader(c, "allow-anonymous-user") === "true";
    if (user.is_anonymous && !allowAnonymous) {
      throw new KnownError("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    }
    // A caller that accepts anonymous users accepts every restricted one (the SDKs send that header on every request).
    if (user.restricted_reason && !user.is_anonymous && !allowAnonymous && stackHeader(c, "allow-restricted-user") !== "true") {
      throw new KnownError("RESTRICTED_USER_NOT_ALLOWED", { restricted_reason: user.restricted_reason });
    }
  }

  let owner: RequestAuth["owner"] = null;
  if (adminAccessToken) {
    // A project owner's session stands for every access level of the project, as in Stack
    // Auth: it is checked here whatever the access type, and keys sent beside it are not.
    const claims = await checkAdminAccessToken(deps, projectId, adminAccessToken);
    owner = { userId: claims.sub, sessionId: claims.refresh_token_id };
  } else if (type === "client") {
    if (publishableKey) {
      if (!(await deps.projectKeys.isValid(projectId, "publishable_client_key", publishableKey))) {
        throw new KnownError("INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: projectId });
      }
    } else if (lookup.found && lookup.tenancy.config.project.requirePublishableClientKey) {
      throw new KnownError("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", { project_id: projectId });
    }
  } else if (type === "server") {
    if (!secretKey) throw new KnownError("SERVER_AUTHENTICATION_REQUIRED");
    if (!(await deps.projectKeys.isValid(projectId, "secret_server_key", secretKey))) {
      throw new KnownError("INVALID_SECRET_SERVER_KEY", { project_id: projectId });
    }
  } else if (adminKey) {
    if (!(await deps.projectKeys.isValid(projectId, "super_secret_admin_key", adminKey))) {
      throw new KnownError("INVALID_SUPER_SECRET_ADMIN_KEY", { project_id: projectId });
    }
  } else {
    throw new KnownError("ADMIN_AUTHENTICATION_REQUIRED");
  }

  if (!lookup.found) throw new KnownError("BRANCH_DOES_NOT_EXIST", { branch_id: branchId });
  // Throttled: writes last_active_at / last_used_at at most once per user per window.
  if (user) await deps.activity.noteUse(lookup.tenancy, user.sub, user.refresh_token_id);
  return { type, tenancy: lookup.tenancy, user, owner };
}

async function checkAdminAccessToken(deps: ServiceDeps, projectId: string, token: string): Promise<AccessTokenClaims> {
  let claims: AccessTokenClaims;
  try {
    claims = await deps.accessTokens.verify("internal", token);
  } catch (error) {
    if (!(error instanceof KnownError) || error.code === "DATABASE_UNAVAILABLE") throw error;
    if (error.code === "ACCESS_TOKEN_EXPIRED") {
      const { expired_at_millis } = error.details as { expired_at_millis: number | null };
      throw new KnownError("ADMIN_ACCESS_TOKEN_EXPIRED", { expired_at_millis });
    }
    if (error.code === "INVALID_PROJECT_FOR_ACCESS_TOKEN") throw new KnownError("INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN");
    throw new KnownError("UNPARSABLE_ADMIN_ACCESS_TOKEN");
  }
  if (claims.is_anonymous || !(await isProjectOwner(deps, projectId, claims.sub))) {
    throw new KnownError("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
  }
  return claims;
}

/** Route middleware: resolves the caller and admits only the listed access types. */
export function requireAccess(allowed: readonly AccessType[], options: AccessOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await resolveAccess(c, c.var.deps, options);
    if (!auth) throw new KnownError("ACCESS_TYPE_REQUIRED");
    if (!allowed.includes(auth.type)) {
      throw new KnownError("INSUFFICIENT_ACCESS_TYPE", {
        actual_access_type: auth.type,
        allowed_access_types: [...allowed],
      });
    }
    c.set("auth", auth);
    noteRequestCaller(requestCaller(c, auth));
    await next();
  };
}

/**
 * The signed-in user's claims, or the contract's error for a request without a session.
 * `requireSignedInUser` is the same for routes that Stack Auth validates as "a user is
 * required" (SCHEMA_ERROR) rather than by a known error.
 */
export function requireUser(auth: RequestAuth, forOwnUser = false): AccessTokenClaims {
  if (auth.user) return auth.user;
  throw forOwnUser ? new KnownError("CANNOT_GET_OWN_USER_WITHOUT_USER") : new KnownError("USER_AUTHENTICATION_REQUIRED");
}

/** A user id from the request, where `me` names the signed-in user. */
export function resolveUserId(auth: RequestAuth, userId: string): string {
  return userId === "me" ? requireUser(auth, true).sub : userId;
}

/**
 * Like `resolveUserId`, but with client access only the signed-in user may be named (by
 * `me` or by id); another user reads as absent (USER_NOT_FOUND), so existence does not leak.
 */
export function resolveUserIdForAccess(auth: RequestAuth, userId: string): string {
  const resolved = resolveUserId(auth, userId);
  // Client access can only ever mean the signed-in user, so without one it is refused as `me` is.
  if (auth.type === "client" && requireUser(auth, true).sub !== resolved) throw new KnownError("USER_NOT_FOUND");
  return resolved;
}

/**
 * The user a listing or a creation names. Server and admin access may name anyone (`me`
 * resolved); client access must name the signed-in user, by `me` or by id, and leaving the
 * user out or naming another is answered with `refusal` (no lookup, so nothing leaks).
 * Without a session `me` cannot be resolved: CANNOT_GET_OWN_USER_WITHOUT_USER.
 */
export function resolveOwnUserIdForClient(auth: RequestAuth, userId: string | undefined, refusal: () => KnownError): string | undefined {
  if (auth.type !== "client") return userId === undefined ? undefined : resolveUserId(auth, userId);
  const own = requireUser(auth, true).sub;
  if (userId !== "me" && userId !== own) throw refusal();
  return own;
}

/**
 * Like `resolveUserIdForAccess`, for the OAuth resources (linked and connected accounts), where
 * Stack Auth answers client access naming another user 403 in plain text (`what`: "read the
 * linked accounts", ...).
 */
export function resolveOwnUserId(auth: RequestAuth, userId: string, what: string): string {
  const resolved = resolveUserId(auth, userId);
  if (auth.type === "client" && requireUser(auth).sub !== resolved) {
    throw new KnownError("CLIENT_ACCESS_OTHER_USERS_OAUTH_ACCOUNTS", { action: what });
  }
  return resolved;
}

/** Client access may not send these body fields (they are server writes): SCHEMA_ERROR naming those it sent. */
export function refuseClientFields(auth: RequestAuth, body: object, fields: readonly string[]): void {
  if (auth.type !== "client") return;
  const sent = fields.filter((field) => (body as Record<string, unknown>)[field] !== undefined);
  if (sent.length > 0) throw new KnownError("SCHEMA_ERROR", { message: `body: client access may not set ${sent.join(", ")}` });
}

/**
 * For a list of a user's things: with client access only the signed-in user's own, and
 * another user's is refused with `refusal` whether or not that user exists (Stack Auth answers
 * these with a plain 403).
 */
export function resolveListOwnerForAccess(
  auth: RequestAuth,
  userId: string,
  refusal: "CLIENT_CANNOT_LIST_OTHER_USERS_CONTACT_CHANNELS" | "CLIENT_CANNOT_LIST_OTHER_USERS_SESSIONS",
): string {
  return resolveOwnUserIdForClient(auth, userId, () => new KnownError(refusal))!;
}

export function requireSignedInUser(auth: RequestAuth): AccessTokenClaims {
  if (auth.user) return auth.user;
  throw new KnownError("SCHEMA_ERROR", { message: "auth.user: this request needs a signed-in user (x-stack-access-token)" });
}

/** The caller as the audit log names it: a project owner's dashboard session, a key, or a user. */
function requestCaller(c: Context<AppEnv>, auth: RequestAuth): RequestCaller {
  let client: ReturnType<RequestCaller["client"]> | undefined;
  const actor: RequestCaller["actor"] = auth.owner
    ? { type: "admin", id: auth.owner.userId }
    : auth.type === "client"
      ? { type: "user", id: auth.user?.sub ?? null }
      : { type: auth.type, id: null };
  return { actor, client: () => (client ??= clientInfo(c)) };
}
