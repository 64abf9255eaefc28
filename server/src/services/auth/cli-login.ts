/**
 * CLI login (SPEC §4): a command-line tool signs in through the browser. The tool starts a
 * login and gets two codes: a polling code it keeps, and a login code it shows the person as
 * a link to the cli-auth-confirm page. There a signed-in user confirms; the tool, polling with
 * its code, then receives the refresh token of a new session of that user, once.
 *
 * Both codes are verification codes (services/verification-codes.ts): random in every
 * character, stored only as digests, scoped to the project and branch, expiring together
 * (2 hours unless the tool asks otherwise, at most 24). The login code (purpose `cli_login`)
 * names its polling code's row; confirming uses it up and writes the confirming user onto
 * the polling code (purpose `cli_polling`). The poll that finds a user there uses the polling
 * code up and opens the session in the same transaction, so exactly one poll gets a token;
 * later ones read `used`. No token is ever stored: the session is opened when handed out.
 *
 * The new session is the confirming user's own: the browser session that confirms has
 * passed sign-in, and its second factor, already (services/auth/finish-sign-in.ts), so, like
 * a token refresh, this is not another sign-in. It inherits that session's impersonation
 * flag, so an impersonator cannot turn their session into an ordinary one this way.
 * Restricted users (anonymous, unverified where verification is required, restricted by an
 * administrator) cannot confirm.
 *
 * A tool that already runs as an anonymous user can name that user's session when it starts
 * (`anon_refresh_token`): the confirm page can then take the anonymous user over
 * (`claim-anon-session`, a new session of that user, once) and let the person sign up as
 * them, as the Stack SDK's page does. Only the user's id is kept, never the token.
 *
 * Starting and polling are rate limited per address (config/rate-limits.ts); checking and
 * confirming login codes count as code checks.
 */
import { hashSecret } from "../../crypto/secret-hash";
import type { Queryable } from "../../db/db";
import { isForeignKeyViolation } from "../../db/errors";
import { findLiveSession, useSessionByRefreshHash } from "../../db/queries/sessions";
import { findUser, type UserRecord } from "../../db/queries/users";
import {
  assignPendingCodeUser,
  markCodeUsed,
  replaceCodeData,
  type VerificationCodeRecord,
} from "../../db/queries/verification-codes";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../client-info";
import { unlessDeletedMeanwhile } from "../deleted-meanwhile";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits";
import { openSession, tokensForSession } from "../sessions";
import type { Tenancy } from "../tenancy";
import { restrictionOf, restrictionRules } from "../users/restriction";
import { issueCode, lockCodeRecord } from "../verification-codes";

export const CLI_LOGIN_DEFAULT_LIFETIME_MS = 2 * 60 * 60 * 1000;
export const CLI_LOGIN_MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface CliLoginStarted {
  polling_code: string;
  login_code: string;
  /** ISO 8601, as the Stack backend answers. */
  expires_at: string;
}

export type CliPollAnswer = { status: "waiting" | "expired" | "used" } | { status: "success"; refresh_token: string };

export type CliCompleteMode = "check" | "claim-anon-session" | "complete";

export type CliCompleteAnswer =
  | { cli_session_state: "anonymous" | "none" }
  | { access_token: string; refresh_token: string }
  | { success: true };

/** Who confirms: the access token's user and session, when one was sent. */
export interface CliCaller {
  userId: string;
  sessionId: string;
}

export async function startCliLogin(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { expiresInMillis?: number; anonRefreshToken?: string },
  client: ClientInfo,
): Promise<CliLoginStarted> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.cliLoginPerIp, subject: client.ip }]);
  const anonUserId = input.anonRefreshToken ? await anonymousUserOf(deps, tenancy, input.anonRefreshToken) : null;
  const lifetime = input.expiresInMillis ?? CLI_LOGIN_DEFAULT_LIFETIME_MS;
  const expiresAt = new Date(Date.now() + lifetime);
  const { polling, login } = await deps.db.transaction(async (tx) => {
    const polling = await issueCode(tx, tenancy, { purpose: "cli_polling", expiresInMs: lifetime, replacePrevious: false });
    const login = await issueCode(tx, tenancy, {
      purpose: "cli_login",
      expiresInMs: lifetime,
      data: { polling_code_id: polling.id, ...(anonUserId ? { anon_user_id: anonUserId } : {}) },
      replacePrevious: false,
    });
    return { polling, login };
  });
  return { polling_code: polling.code, login_code: login.code, expires_at: expiresAt.toISOString() };
}

/** The anonymous user whose live session `refreshToken` is; refuses any other token. */
async function anonymousUserOf(deps: ServiceDeps, tenancy: Tenancy, refreshToken: string): Promise<string> {
  const session = await useSessionByRefreshHash(deps.db, tenancy, hashSecret(refreshToken));
  if (!session) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  const user = await findUser(deps.db, tenancy, session.userId);
  if (!user?.isAnonymous) {
    throw new KnownError("CLI_AUTH_ERROR", { message: "anon_refresh_token must be the refresh token of an anonymous user's session." });
  }
  return user.id;
}

/**
 * The state of a login, by its polling code. Checked in Stack's order: expired, used,
 * waiting for confirmation, then success, which opens the session and uses the code up. A
 * user deleted after confirming leaves nothing to sign in to: the login reads as expired.
 */
export async function pollCliLogin(deps: ServiceDeps, tenancy: Tenancy, pollingCode: string, client: ClientInfo): Promise<CliPollAnswer> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.cliPollPerIp, subject: client.ip }]);
  try {
    return await deps.db.transaction(async (tx): Promise<CliPollAnswer> => {
      const record = await lockCodeRecord(tx, tenancy, "cli_polling", pollingCode);
      if (!record) throw new KnownError("INVALID_POLLING_CODE");
      if (record.expiresAt.getTime() <= Date.now()) return { status: "expired" };
      if (record.usedAt) return { status: "used" };
      if (!record.userId) return { status: "waiting" };
      if (!(await findUser(tx, tenancy, record.userId))) return { status: "expired" };
      await markCodeUsed(tx, tenancy, record.id);
      const session = await openSession(tx, tenancy, record.userId, client, { isImpersonation: record.data.is_impersonation === true });
      return { status: "success", refresh_token: session.refreshToken };
    });
  } catch (error) {
    // The user was deleted between the check and the session; nothing was written.
    if (isForeignKeyViolation(error)) return { status: "expired" };
    throw error;
  }
}

const LOGIN_UNKNOWN = "This login code is not known here. Start the login again from the command line.";
const LOGIN_USED = "This login code has already been used.";
const LOGIN_EXPIRED = "This login code has expired. Start the login again from the command line.";

/** Locks the login code and refuses it unless it can still be confirmed; a used code reads as used even once expired. */
async function pendingLogin(tx: Queryable, tenancy: Tenancy, loginCode: string): Promise<VerificationCodeRecord> {
  const record = await lockCodeRecord(tx, tenancy, "cli_login", loginCode);
  if (!record) throw new KnownError("CLI_AUTH_ERROR", { message: LOGIN_UNKNOWN });
  if (record.usedAt) throw new KnownError("CLI_AUTH_USED_ERROR", { message: LOGIN_USED });
  if (record.expiresAt.getTime() <= Date.now()) throw new KnownError("CLI_AUTH_EXPIRED_ERROR", { message: LOGIN_EXPIRED });
  return record;
}

/** The anonymous user a pending login names, if that user still exists and is still anonymous. */
async function pendingAnonymousUser(tx: Queryable, tenancy: Tenancy, record: VerificationCodeRecord): Promise<UserRecord | null> {
  const anonUserId = typeof record.data.anon_user_id === "string" ? record.data.anon_user_id : null;
  const user = anonUserId ? await findUser(tx, tenancy, anonUserId) : null;
  return user?.isAnonymous ? user : null;
}

/**
 * The confirm page's three calls (`mode`): `check` whether the code can be confirmed and
 * whether the tool runs as an anonymous user; `claim-anon-session` to take that user over;
 * `complete` to confirm as the signed-in user.
 */
export async function completeCliLogin(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { loginCode: string; mode: CliCompleteMode; refreshToken?: string },
  caller: CliCaller | null,
  client: ClientInfo,
): Promise<CliCompleteAnswer> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  if (input.mode === "complete") return confirmCliLogin(deps, tenancy, input, caller);
  if (input.mode === "check") {
    return deps.db.transaction(async (tx) => {
      const record = await pendingLogin(tx, tenancy, input.loginCode);
      return { cli_session_state: (await pendingAnonymousUser(tx, tenancy, record)) ? "anonymous" : "none" };
    });
  }
  const claimed = await unlessDeletedMeanwhile(
    () =>
      deps.db.transaction(async (tx) => {
        const record = await pendingLogin(tx, tenancy, input.loginCode);
        const user = await pendingAnonymousUser(tx, tenancy, record);
        if (!user) throw new KnownError("CLI_AUTH_ERROR", { message: "No anonymous session is tied to this login code." });
        const { anon_user_id: _claimed, ...rest } = record.data;
        await replaceCodeData(tx, tenancy, record.id, rest);
        return { userId: user.id, session: await openSession(tx, tenancy, user.id, client) };
      }),
    () => new KnownError("CLI_AUTH_ERROR", { message: "No anonymous session is tied to this login code." }),
  );
  const tokens = await tokensForSession(deps, tenancy, claimed.userId, claimed.session);
  return { access_token: tokens.access_token, refresh_token: tokens.refresh_token };
}

async function confirmCliLogin(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { loginCode: string; refreshToken?: string },
  caller: CliCaller | null,
): Promise<{ success: true }> {
  const confirming = await confirmingSession(deps, tenancy, caller, input.refreshToken);
  const user = await findUser(deps.db, tenancy, confirming.userId);
  if (!user) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
  const restriction = restrictionOf(user, restrictionRules(tenancy.config));
  if (restriction) throw new KnownError("RESTRICTED_USER_NOT_ALLOWED", { restricted_reason: restriction });
  await deps.db.transaction(async (tx) => {
    const record = await pendingLogin(tx, tenancy, input.loginCode);
    await markCodeUsed(tx, tenancy, record.id);
    const pollingCodeId = String(record.data.polling_code_id);
    const assigned = await assignPendingCodeUser(tx, tenancy, pollingCodeId, user.id, { is_impersonation: confirming.isImpersonation });
    // Both codes expire together, so this is the instant between the two checks.
    if (!assigned) throw new KnownError("CLI_AUTH_EXPIRED_ERROR", { message: LOGIN_EXPIRED });
  });
  return { success: true };
}

/**
 * The session confirming: the access token's, or the one `refreshToken` names (the Stack
 * SDK's page sends its refresh token too). When both are sent they must be the same user's.
 */
async function confirmingSession(
  deps: ServiceDeps,
  tenancy: Tenancy,
  caller: CliCaller | null,
  refreshToken: string | undefined,
): Promise<{ userId: string; isImpersonation: boolean }> {
  const named = refreshToken ? await useSessionByRefreshHash(deps.db, tenancy, hashSecret(refreshToken)) : null;
  if (refreshToken && (!named || (caller && named.userId !== caller.userId))) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  if (named) return { userId: named.userId, isImpersonation: named.isImpersonation };
  if (!caller) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
  const own = await findLiveSession(deps.db, tenancy, caller.sessionId, caller.userId);
  return { userId: caller.userId, isImpersonation: own?.isImpersonation ?? false };
}
