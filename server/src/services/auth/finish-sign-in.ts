/**
 * The last step of every sign-in that proves a first factor for an existing account
 * (password, e-mailed code, an OAuth provider's authorization code): open the session and hand out its tokens, or, when the user
 * has two-factor sign-in on, open nothing and ask for the second factor (mfa-sign-in.ts).
 *
 * Not routed through here, on purpose: sign-up and anonymous sign-up (a user made a moment
 * ago has no second factor), an anonymous user upgraded by password sign-up (the caller
 * already holds that user's session), token refresh (the session passed this step when it
 * was opened), and sessions the server creates with POST /auth/sessions (impersonation by
 * the app's own backend, which holds the secret server key and could set or clear the
 * user's TOTP secret anyway).
 *
 * A user with an address on a domain whose team requires SSO is refused here unless the first
 * factor was that team's SSO connection (`ssoTeamId`): every sign-in method meets this one check.
 *
 * `firstFactor.writes` are the first factor's own writes (an imported password hash replaced
 * by argon2id), made in the session's transaction so that both happen or neither does.
 */
import type { Queryable } from "../../db/db";
import { findTotpState } from "../../db/queries/totp";
import type { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import type { ServiceDeps } from "../deps";
import { openSession, tokensForSession } from "../sessions/sessions";
import type { Tenancy } from "../projects/tenancy";
import { recordSignIn, type SignInMethod } from "../audit-log/sign-in-events";
import { mfaRequired, type SignInResult } from "./mfa-sign-in";
import { refuseUnlessSsoOf } from "../sso/enforcement";

export async function finishSignIn(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  client: ClientInfo,
  firstFactor: { isNewUser: boolean; method: SignInMethod; writes?: (q: Queryable) => Promise<void>; ssoTeamId?: string | null },
  /** The answer when the user is deleted between the first factor and the session. */
  userGone: () => KnownError,
): Promise<SignInResult> {
  const { writes } = firstFactor;
  await refuseUnlessSsoOf(deps, tenancy, userId, firstFactor.ssoTeamId ?? null);
  const totp = await findTotpState(deps.db, tenancy, userId);
  if (totp?.sealedSecret) {
    // No session is opened yet; the first factor's proof still stands, and so do its writes.
    if (writes) await writes(deps.db);
    throw await mfaRequired(deps, tenancy, userId, firstFactor);
  }
  const session = await unlessDeletedMeanwhile(
    () =>
      deps.db.transaction(async (tx) => {
        if (writes) await writes(tx);
        const opened = await openSession(tx, tenancy, userId, client);
        await recordSignIn(deps, tx, tenancy, { userId, method: firstFactor.method, sessionId: opened.sessionId, isNewUser: firstFactor.isNewUser, client });
        return opened;
      }),
    userGone,
  );
  return { ...(await tokensForSession(deps, tenancy, userId, session)), is_new_user: firstFactor.isNewUser };
}
