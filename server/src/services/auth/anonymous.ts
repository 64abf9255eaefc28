/**
 * Anonymous sign-up: a user row with is_anonymous, no e-mail, no password and no personal
 * team, signed in at once. Its access tokens carry the anonymous issuer and audience and are
 * signed with the project's anonymous key (services/sessions/access-tokens.ts), so they only work
 * where the caller opts in with the allow-anonymous-user header. Signing up with a password
 * while holding such a session upgrades the same user (services/auth/password-auth.ts).
 * Shares the per-IP sign-up limit with password sign-up, since each call creates a row.
 * A project can switch it off (`anonymous_sign_up_enabled`, config `auth.anonymous.allowSignUp`).
 */
import { recordSignIn } from "../audit-log/sign-in-events";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { openSession, tokensForSession, type SignInTokens } from "../sessions/sessions";
import type { Tenancy } from "../projects/tenancy";
import { createUser } from "../users/user-changes";

export async function signUpAnonymously(
  deps: ServiceDeps,
  tenancy: Tenancy,
  client: ClientInfo,
): Promise<SignInTokens> {
  if (tenancy.config.auth.anonymous?.allowSignUp === false) throw new KnownError("ANONYMOUS_ACCOUNTS_NOT_ENABLED");
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signUpPerIp, subject: client.ip }]);
  const user = await createUser(deps, tenancy, { isAnonymous: true });
  const session = await deps.db.transaction(async (tx) => {
    const opened = await openSession(tx, tenancy, user.id, client);
    await recordSignIn(deps, tx, tenancy, { userId: user.id, method: "anonymous", sessionId: opened.sessionId, isNewUser: true, client });
    return opened;
  });
  return tokensForSession(deps, tenancy, user.id, session);
}
