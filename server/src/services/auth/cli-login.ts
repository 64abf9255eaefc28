/**
 * CLI login (SPEC §4): a command-line tool signs in through the browser. The tool starts a
 * login and gets two codes: a polling code it keeps, and a login code it shows the person as
 * a link to the cli-auth-confirm page. There a signed-in user confirms; the tool, polling with
 * its code, then receives a refresh token of that user, once.
 *
 * Both codes are verification codes (services/verification-codes.ts): random in every
 * character, stored only as digests, scoped to the project and branch, expiring together
 * (2 hours unless the tool asks otherwise, at most 24). The login code (purpose `cli_login`)
 * names its polling code's row; confirming uses it up and writes the confirming user onto
 * the polling code (purpose `cli_polling`). The poll that finds a user there uses the polling
 * code up in the same transaction, so exactly one poll gets a token; later ones read `used`.
 *
 * Which token the tool gets depends on how the page confirmed, as in Stack Auth:
 * - with `refresh_token` (the Stack SDK's page sends its own): that session is handed to the
 *   tool, so the tool and the browser share it. The refresh token is the authority here,
 *   whatever access token comes beside it (holding one is holding the session). It waits
 *   sealed (AES-GCM under the server secret) on the polling code until the poll takes it,
 *   which clears it; a session ended meanwhile makes the login read as expired.
 * - with the access token alone (Gatehouse's own page): the poll opens a new session of the
 *   confirming user, inheriting the confirming session's impersonation flag, so an
 *   impersonator cannot turn their session into an ordinary one. The browser session that
 *   confirms has passed sign-in, and its second factor, already (finish-sign-in.ts), so,
 *   like a token refresh, this is not another sign-in.
 * Restricted users (anonymous, unverified where verification is required, restricted by an
 * administrator) cannot confirm.
 *
 * A tool that already runs as an anonymous user can name that user's session when it starts
 * (`anon_refresh_token`): the confirm page can then take that session over
 * (`claim-anon-session`, once) and let the person sign up as the anonymous user, which keeps
 * the user and their data. The token waits sealed on the login code until claimed.
 *
 * Starting and polling are rate limited per address (config/rate-limits.ts); checking and
 * confirming login codes count as code checks.
 */
import { recordSignIn } from "../audit-log/sign-in-events";
import { hashSecret } from "../../crypto/secret-hash";
import type { Queryable } from "../../db/db";
import { isForeignKeyViolation } from "../../db/errors";
import { findLiveSession, findLiveSessionByRefreshHash, useSessionByRefreshHash, type SessionRecord } from "../../db/queries/sessions";
import { findUser } from "../../db/queries/users";
import type { User } from "../../domain/users";
import {
  assignPendingCodeUser,
  markCodeUsed,
  replaceCodeData,
  type VerificationCodeRecord,
} from "../../db/queries/verification-codes";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { openSession, tokensForSession } from "../sessions/sessions";
import type { Tenancy } from "../projects/tenancy";
import { restrictionOf, restrictionRules } from "../users/restriction";
import { issueCode, lockCodeRecord } from "./verification-codes";

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
  const anonData = anonUserId ? { anon_user_id: anonUserId, anon_session: deps.cliLoginSeal.seal(input.anonRefreshToken!) } : {};
  const lifetime = input.expiresInMillis ?? CLI_LOGIN_DEFAULT_LIFETIME_MS;
  const expiresAt = new Date(Date.now() + lifetime);
  const { polling, login } = await deps.db.transaction(async (tx) => {
    const polling = await issueCode(tx, tenancy, { purpose: "cli_polling", expiresInMs: lifetime, replacePrevious: false });
    const login = await issueCode(tx, tenancy, {
      purpose: "cli_login",
      expiresInMs: lifetime,
      data: { polling_code_id: polling.id, ...anonData },
      replacePrevious: false,
    });
    return { polling, login };
  });
  return { polling_code: polling.code, login_code: login.code, expires_at: expiresAt.toISOString() };
}

/** The anonymous user whose live session `refreshToken` is; refuses any other token. */
async function anonymousUserOf(deps: ServiceDeps, tenancy: Tenancy, refreshToken: string): Promise<string> {
  const session = await useSessionByRefreshHash(deps.db, tenancy, hashSecret(refreshToken));
  if (!session) throw new KnownError("CLI_ANON_REFRESH_TOKEN_INVALID");
  const user = await findUser(deps.db, tenancy, session.userId);
  if (!user?.isAnonymous) throw new KnownError("CLI_ANON_REFRESH_TOKEN_NOT_ANONYMOUS");
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
      if (typeof record.data.handover === "string") {
        const refreshToken = deps.cliLoginSeal.open(record.data.handover);
        const live = await findLiveSessionByRefreshHash(tx, tenancy, hashSecret(refreshToken));
        if (live?.userId !== record.userId) return { status: "expired" };
        const { handover: _taken, ...rest } = record.data;
        await replaceCodeData(tx, tenancy, record.id, rest);
        await markCodeUsed(tx, tenancy, record.id);
        return { status: "success", refresh_token: refreshToken };
      }
      await markCodeUsed(tx, tenancy, record.id);
      const session = await openSession(tx, tenancy, record.userId, client, { isImpersonation: record.data.is_impersonation === true });
      await recordSignIn(deps, tx, tenancy, { userId: record.userId, method: "cli", sessionId: session.sessionId, client });
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

/**
 * The anonymous session a pending login carries, if its user is still anonymous and, where
 * its refresh token was kept, that session is still live. `refreshToken` is null for logins
 * started before tokens were kept (a new session of the user is opened for those).
 */
async function pendingAnonymousSession(
  deps: ServiceDeps,
  tx: Queryable,
  tenancy: Tenancy,
  record: VerificationCodeRecord,
): Promise<{ user: User; refreshToken: string | null; session: SessionRecord | null } | null> {
  const anonUserId = typeof record.data.anon_user_id === "string" ? record.data.anon_user_id : null;
  const user = anonUserId ? await findUser(tx, tenancy, anonUserId) : null;
  if (!user?.isAnonymous) return null;
  if (typeof record.data.anon_session !== "string") return { user, refreshToken: null, session: null };
  const refreshToken = deps.cliLoginSeal.open(record.data.anon_session);
  const session = await findLiveSessionByRefreshHash(tx, tenancy, hashSecret(refreshToken));
  return session?.userId === user.id ? { user, refreshToken, session } : null;
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
      return { cli_session_state: (await pendingAnonymousSession(deps, tx, tenancy, record)) ? "anonymous" : "none" };
    });
  }
  const noAnonymousSession = () => new KnownError("CLI_NO_ANONYMOUS_SESSION");
  const claimed = await unlessDeletedMeanwhile(
    () =>
      deps.db.transaction(async (tx) => {
        const record = await pendingLogin(tx, tenancy, input.loginCode);
        const anonymous = await pendingAnonymousSession(deps, tx, tenancy, record);
        if (!anonymous) throw noAnonymousSession();
        const { anon_user_id: _user, anon_session: _session, ...rest } = record.data;
        await replaceCodeData(tx, tenancy, record.id, rest);
        if (anonymous.refreshToken && anonymous.session) {
          return { userId: anonymous.user.id, session: { sessionId: anonymous.session.id, refreshToken: anonymous.refreshToken } };
        }
        const session = await openSession(tx, tenancy, anonymous.user.id, client);
        await recordSignIn(deps, tx, tenancy, { userId: anonymous.user.id, method: "cli", sessionId: session.sessionId, client });
        return { userId: anonymous.user.id, session };
      }),
    noAnonymousSession,
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
  const handover = input.refreshToken ? { handover: deps.cliLoginSeal.seal(input.refreshToken) } : {};
  await deps.db.transaction(async (tx) => {
    const record = await pendingLogin(tx, tenancy, input.loginCode);
    await markCodeUsed(tx, tenancy, record.id);
    // A claimed or ignored anonymous session is no longer needed once someone confirms.
    const { anon_user_id: _user, anon_session: anonSession, ...rest } = record.data;
    if (anonSession !== undefined) await replaceCodeData(tx, tenancy, record.id, rest);
    const pollingCodeId = String(record.data.polling_code_id);
    const assigned = await assignPendingCodeUser(tx, tenancy, pollingCodeId, user.id, { is_impersonation: confirming.isImpersonation, ...handover });
    // Both codes expire together, so this is the instant between the two checks.
    if (!assigned) throw new KnownError("CLI_AUTH_EXPIRED_ERROR", { message: LOGIN_EXPIRED });
  });
  return { success: true };
}

/**
 * The session confirming: the one `refreshToken` names (the Stack SDK's page sends its own),
 * which then stands alone, or else the access token's.
 */
async function confirmingSession(
  deps: ServiceDeps,
  tenancy: Tenancy,
  caller: CliCaller | null,
  refreshToken: string | undefined,
): Promise<{ userId: string; isImpersonation: boolean }> {
  if (refreshToken) {
    const named = await useSessionByRefreshHash(deps.db, tenancy, hashSecret(refreshToken));
    if (!named) throw new KnownError("CLI_REFRESH_TOKEN_INVALID");
    return { userId: named.userId, isImpersonation: named.isImpersonation };
  }
  if (!caller) throw new KnownError("CLI_REFRESH_TOKEN_REQUIRED");
  const own = await findLiveSession(deps.db, tenancy, caller.sessionId, caller.userId);
  return { userId: caller.userId, isImpersonation: own?.isImpersonation ?? false };
}
