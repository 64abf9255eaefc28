/**
 * Impersonation by link: the dashboard (or an app's backend) asks for a link to the app's
 * sign-in-link page; whoever opens it is signed in to the app as the user, in a session marked
 * as an impersonation. The link carries a single-use code that lives a few minutes, so the
 * session's refresh token itself never has to be copied by hand, and the app signs in with the
 * page it already has: Stack's SDKs and Gatehouse's client library redeem it with
 * POST /auth/otp/sign-in, as they would a mailed code (otp.ts hands such codes here).
 *
 * No second factor is asked: the one who made the link holds server access to the project,
 * which could as well open a session directly (POST /auth/sessions).
 */
import { recordSignIn } from "../audit-log/sign-in-events";
import type { Db } from "../../db/db";
import { findUser } from "../../db/queries/users";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { withCode } from "../emails/templates";
import { assertTrustedRedirect } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";
import { DEFAULT_SESSION_LIFETIME_MS, openSession, tokensForSession, type SignInTokens } from "../sessions/sessions";
import { codeUserId, issueCode, redeemCode } from "./verification-codes";

/** Long enough to switch to the new window; the link is meant to be opened at once. */
export const IMPERSONATION_LINK_LIFETIME_MS = 5 * 60 * 1000;

const PURPOSE = "impersonation_sign_in";

export interface ImpersonationLink {
  url: string;
  expires_at_millis: number;
}

export async function createImpersonationLink(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { userId: string; callbackUrl: string; sessionExpiresInMillis?: number },
): Promise<ImpersonationLink> {
  assertTrustedRedirect(input.callbackUrl, tenancy.config);
  if (!(await findUser(deps.db, tenancy, input.userId))) throw new KnownError("USER_ID_DOES_NOT_EXIST", { user_id: input.userId });
  const expiresAt = Date.now() + IMPERSONATION_LINK_LIFETIME_MS;
  // A new link for the user retires the one before it: at most one is outstanding per user.
  const issued = await unlessDeletedMeanwhile(
    () =>
      issueCode(deps.db, tenancy, {
        purpose: PURPOSE,
        expiresInMs: IMPERSONATION_LINK_LIFETIME_MS,
        userId: input.userId,
        data: { sessionExpiresInMillis: input.sessionExpiresInMillis ?? DEFAULT_SESSION_LIFETIME_MS },
      }),
    () => new KnownError("USER_ID_DOES_NOT_EXIST", { user_id: input.userId }),
  );
  return { url: withCode(input.callbackUrl, issued.code), expires_at_millis: expiresAt };
}

/** Whether `code` names an impersonation link's code (live or not); no guess is counted. */
export async function isImpersonationCode(db: Db, tenancy: Tenancy, code: string): Promise<boolean> {
  return (await codeUserId(db, tenancy, PURPOSE, code)) !== null;
}

/** Checks a link's code without using it (for the SDK's check-code call). */
export async function checkImpersonationCode(db: Db, tenancy: Tenancy, code: string): Promise<void> {
  await redeemCode(db, tenancy, PURPOSE, code, { consume: false }, async () => undefined);
}

/** Uses a link's code: opens the impersonation session in the same transaction. */
export async function signInWithImpersonationCode(
  deps: ServiceDeps,
  tenancy: Tenancy,
  code: string,
  client: ClientInfo,
): Promise<SignInTokens & { is_new_user: false }> {
  const session = await unlessDeletedMeanwhile(
    () =>
      redeemCode(deps.db, tenancy, PURPOSE, code, { consume: true }, async (tx, record) => {
        if (!record.userId) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
        const expiresInMillis = Number(record.data.sessionExpiresInMillis) || DEFAULT_SESSION_LIFETIME_MS;
        const session = await openSession(tx, tenancy, record.userId, client, { isImpersonation: true, expiresInMillis });
        await recordSignIn(deps, tx, tenancy, { userId: record.userId, method: "impersonation", sessionId: session.sessionId, client });
        return { userId: record.userId, ...session };
      }),
    () => new KnownError("VERIFICATION_CODE_NOT_FOUND"),
  );
  return { ...(await tokensForSession(deps, tenancy, session.userId, session)), is_new_user: false };
}
