/**
 * Signing in with a passkey (POST /auth/passkey/initiate-passkey-authentication, then
 * /auth/passkey/sign-in). The options name no credentials: the authenticator offers the
 * passkeys it holds for the site, and its answer names one by credential id, which is looked up
 * in this project and branch only, so another project's passkey finds nothing here.
 *
 * The challenge's code has no owner until then; starting is rate limited per IP like any
 * sign-in, since each start stores a row. A passkey stands for its account as a first factor
 * does: the session is opened by finishSignIn, so a user with two-factor sign-in on gets
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED and finishes with a TOTP code.
 */
import { recordFailedSignIn } from "../audit-log/sign-in-events";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { advanceCounter, findCredentialForSignIn } from "../../db/queries/passkeys";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import type { Tenancy } from "../projects/tenancy";
import { issueCode, redeemCode } from "./verification-codes";
import { finishSignIn } from "./finish-sign-in";
import type { SignInResult } from "./mfa-sign-in";
import {
  assertPasskeysEnabled,
  CEREMONY_TIMEOUT_MS,
  CHALLENGE_LIFETIME_MS,
  ceremonyChallenge,
  challengeData,
  RP_ID_PLACEHOLDER,
  verifyAuthentication,
  type Verdict,
  loadWebAuthn,
} from "./passkey-ceremony";
import type { PasskeyCeremonyStart } from "./passkey-registration";

export async function startPasskeySignIn(deps: ServiceDeps, tenancy: Tenancy, client: ClientInfo): Promise<PasskeyCeremonyStart> {
  assertPasskeysEnabled(tenancy);
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: client.ip }]);
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: RP_ID_PLACEHOLDER,
    allowCredentials: [],
    userVerification: "preferred",
    timeout: CEREMONY_TIMEOUT_MS,
    challenge: ceremonyChallenge(deps.settings),
  });
  const issued = await deps.db.transaction((tx) =>
    issueCode(tx, tenancy, { purpose: "passkey_sign_in", expiresInMs: CHALLENGE_LIFETIME_MS, data: challengeData(options.challenge), replacePrevious: false }),
  );
  return { options_json: options as unknown as Record<string, unknown>, code: issued.code };
}

export async function signInWithPasskey(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { code: string; response: AuthenticationResponseJSON },
  client: ClientInfo,
): Promise<SignInResult> {
  assertPasskeysEnabled(tenancy);
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  // The code is used by this answer whatever it holds: refusals are returned, so they commit.
  const verdict = await redeemCode<Verdict<string>>(deps.db, tenancy, "passkey_sign_in", input.code, { consume: true }, async (tx, record) => {
    const stored = await findCredentialForSignIn(tx, tenancy, input.response.id);
    if (!stored) return { ok: false, message: "This passkey is not registered for any account of this project." };
    const verified = await verifyAuthentication(tenancy.config, input.response, record.data, stored);
    if (!verified.ok) return verified;
    if (!(await advanceCounter(tx, tenancy, stored.credentialId, verified.value.newCounter))) {
      return { ok: false, message: "The passkey's signature counter did not go forward; the authenticator may have been cloned." };
    }
    return { ok: true, value: stored.userId };
  });
  if (!verdict.ok) {
    await recordFailedSignIn(deps, tenancy, { method: "passkey", client }, "PASSKEY_AUTHENTICATION_FAILED");
    throw new KnownError("PASSKEY_AUTHENTICATION_FAILED", { message: verdict.message });
  }
  return finishSignIn(deps, tenancy, verdict.value, client, { isNewUser: false, method: "passkey" }, () => new KnownError("PASSKEY_AUTHENTICATION_FAILED", {
    message: "The account of this passkey was deleted.",
  }));
}
