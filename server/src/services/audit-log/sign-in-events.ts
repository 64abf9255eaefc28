/**
 * Sign-in events. A successful sign-in is recorded in the transaction that opens its session;
 * a failed one in a transaction of its own, since the request's work rolls back or never
 * wrote anything. Only refusals of a credential are recorded as failures (a wrong password or
 * code, a refused passkey or second factor): a sign-in method switched off or a rate limit
 * says nothing about the account, and recording each would let anyone grow the log at will.
 */
import type { Queryable } from "../../db/db";
import { KnownError, type KnownErrorCode } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import type { ClientInfo } from "../sessions/client-info";
import { recordAuditEvent } from "./record";

export type SignInMethod = "password" | "otp" | "passkey" | "oauth" | "sso" | "totp" | "cli" | "anonymous" | "impersonation" | "server";

/** Typed as catalogue codes, so a misspelt one does not compile instead of never matching. */
const CREDENTIAL_REFUSALS = new Set<KnownErrorCode>([
  "EMAIL_PASSWORD_MISMATCH",
  "VERIFICATION_CODE_NOT_FOUND",
  "VERIFICATION_CODE_EXPIRED",
  "VERIFICATION_CODE_ALREADY_USED",
  "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
  "INVALID_TOTP_CODE",
  "PASSKEY_AUTHENTICATION_FAILED",
  "INVALID_AUTHORIZATION_CODE",
  "INVALID_POLLING_CODE",
]);

export function recordSignIn(
  deps: Pick<ServiceDeps, "db">,
  q: Queryable,
  tenancy: Tenancy,
  signIn: { userId: string; method: SignInMethod; sessionId: string; isNewUser?: boolean; client: ClientInfo | null },
): Promise<unknown> {
  return recordAuditEvent(deps, q, {
    tenancy,
    action: signIn.isNewUser ? "auth.sign_up.succeeded" : "auth.sign_in.succeeded",
    actor: { type: "user", id: signIn.userId },
    target: { type: "user", id: signIn.userId },
    client: signIn.client,
    details: { method: signIn.method, session_id: signIn.sessionId },
  });
}

/**
 * Runs a sign-in attempt; when it is refused for a wrong credential, records the failure
 * (with the account it was for, when known) before passing the refusal on.
 */
export async function recordingFailedSignIn<T>(
  deps: Pick<ServiceDeps, "db" | "log">,
  tenancy: Tenancy,
  attempt: { method: SignInMethod; client: ClientInfo | null; email?: string; userId?: () => Promise<string | null> | string | null },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof KnownError && CREDENTIAL_REFUSALS.has(error.code)) {
      await recordFailedSignIn(deps, tenancy, attempt, error.code);
    }
    throw error;
  }
}

/** Records a refused credential (never throws: the caller's refusal is what the request answers). */
export async function recordFailedSignIn(
  deps: Pick<ServiceDeps, "db" | "log">,
  tenancy: Tenancy,
  attempt: Parameters<typeof recordingFailedSignIn>[2],
  code: string,
): Promise<void> {
  try {
    const userId = attempt.userId ? await attempt.userId() : null;
    await recordAuditEvent(deps, deps.db, {
      tenancy,
      action: "auth.sign_in.failed",
      actor: { type: "user", id: null },
      target: userId ? { type: "user", id: userId } : null,
      client: attempt.client,
      details: { method: attempt.method, error: code, ...(attempt.email ? { email: attempt.email } : {}) },
    });
  } catch (error) {
    // The caller hears the refusal either way; a database that fails now fails its next request too.
    deps.log.warn("Could not record a failed sign-in in the audit log", { error: error instanceof Error ? error.message : String(error) });
  }
}
