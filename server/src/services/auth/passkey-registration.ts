/**
 * Registering a passkey for the signed-in user (POST /auth/passkey/initiate-passkey-registration,
 * then /auth/passkey/register). The challenge's code is bound to the user who asked for it, and
 * only that user's session can finish with it; a new request retires the user's older one.
 *
 * As in Stack Auth, a user has one passkey: registering again replaces the earlier one, and
 * `passkey_auth_enabled` says whether there is one (PATCH /users/me with false removes it).
 * The user handle the authenticator keeps is the user id in UTF-8 (36 bytes; WebAuthn allows
 * 1 to 64). A credential id another user of the project already registered is refused rather
 * than moved, so nobody can take over or knock out someone else's passkey by presenting its id.
 * An anonymous user who registers a passkey becomes a regular user with it, in the same
 * transaction (refused with SIGN_UP_NOT_ENABLED where sign-up is off).
 */
import { recordAuditEvent } from "../audit-log/record";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { credentialBelongsToAnotherUser, replaceUserCredential } from "../../db/queries/passkeys";
import { findUser, lockUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import type { Tenancy } from "../projects/tenancy";
import { issueCode, redeemCode } from "./verification-codes";
import { recordUserEvent } from "../webhooks/events";
import { upgradeAnonymousUserIn } from "./anonymous-upgrade";
import {
  assertPasskeysEnabled,
  CEREMONY_TIMEOUT_MS,
  ceremonyChallenge,
  CHALLENGE_LIFETIME_MS,
  challengeData,
  RP_ID_PLACEHOLDER,
  verifyRegistration,
  type Verdict,
  loadWebAuthn,
} from "./passkey-ceremony";

export interface PasskeyCeremonyStart {
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser. */
  options_json: Record<string, unknown>;
  code: string;
}

export async function startPasskeyRegistration(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<PasskeyCeremonyStart> {
  assertPasskeysEnabled(tenancy);
  const user = await findUser(deps.db, tenancy, userId);
  if (!user) throw new KnownError("USER_NOT_FOUND");
  const label = user.primaryEmail ?? user.displayName ?? "Gatehouse user";
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: tenancy.project.displayName,
    rpID: RP_ID_PLACEHOLDER,
    userID: new TextEncoder().encode(user.id),
    userName: label,
    userDisplayName: user.displayName ?? label,
    timeout: CEREMONY_TIMEOUT_MS,
    challenge: ceremonyChallenge(deps.settings),
    attestationType: "none",
    // A passkey: a discoverable credential, so sign-in needs no e-mail address first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  // Older SDKs' browser library predates `hints`; an empty list means nothing anyway.
  const { hints, ...rest } = options;
  const optionsJson = hints && hints.length > 0 ? options : rest;
  const issued = await deps.db.transaction((tx) =>
    issueCode(tx, tenancy, { purpose: "passkey_registration", expiresInMs: CHALLENGE_LIFETIME_MS, userId: user.id, data: challengeData(options.challenge) }),
  );
  return { options_json: optionsJson as unknown as Record<string, unknown>, code: issued.code };
}

export async function registerPasskey(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { userId: string; code: string; credential: RegistrationResponseJSON },
  client: ClientInfo,
): Promise<{ user_handle: string }> {
  assertPasskeysEnabled(tenancy);
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  // An anonymous user who registers a passkey signs up with it (auth/anonymous-upgrade.ts).
  const before = await findUser(deps.db, tenancy, input.userId);
  if (before?.isAnonymous && !tenancy.config.auth.allowSignUp) throw new KnownError("SIGN_UP_NOT_ENABLED");
  const verdict = await redeemCode<Verdict<string>>(deps.db, tenancy, "passkey_registration", input.code, { consume: true }, async (tx, record) => {
    // Another user's code reads as unknown, and stays unused (thrown, so rolled back).
    if (record.userId !== input.userId) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
    // From here on the code is used, whatever the answer: returned, not thrown, so that commits.
    const verified = await verifyRegistration(tenancy.config, input.credential, record.data);
    if (!verified.ok) return verified;
    if (!(await lockUser(tx, tenancy, input.userId))) throw new KnownError("USER_NOT_FOUND");
    if (await credentialBelongsToAnotherUser(tx, tenancy, verified.value.credentialId, input.userId)) {
      return { ok: false, message: "This passkey is already registered to another account." };
    }
    // The check above reads without a lock on the other user: one registering the same id at
    // the same moment shows here, and the whole registration is undone.
    if (!(await replaceUserCredential(tx, tenancy, { ...verified.value, userId: input.userId }))) {
      throw new KnownError("PASSKEY_REGISTRATION_FAILED", { message: "This passkey is already registered to another account." });
    }
    const user = await findUser(tx, tenancy, input.userId);
    if (user?.isAnonymous) await upgradeAnonymousUserIn(tx, tenancy, user);
    await recordUserEvent(tx, tenancy, "user.updated", input.userId);
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "auth.passkey.registered",
      actor: { type: "user", id: input.userId },
      target: { type: "user", id: input.userId },
      client,
    });
    return { ok: true, value: verified.value.credentialId };
  });
  if (!verdict.ok) throw new KnownError("PASSKEY_REGISTRATION_FAILED", { message: verdict.message });
  return { user_handle: verdict.value };
}
