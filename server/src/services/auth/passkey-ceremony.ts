/**
 * What registering a passkey and signing in with one share: where a ceremony may happen, its
 * challenge, and checking the browser's answer with @simplewebauthn/server.
 *
 * Where: the relying party is the site the browser is on. The Stack SDK asks for options
 * carrying a placeholder RP ID and puts `window.location.hostname` in its place (it refuses any
 * other value), so the server cannot choose the RP ID up front. It decides afterwards: the
 * origin the browser signed into clientDataJSON must be one of the project's (a trusted domain
 * of `config.domains`, or localhost when the project allows it), and the RP ID the
 * authenticator signed for must be that origin's host name. A page on any other site gets
 * nothing out of a user's passkey, and cannot register one either.
 *
 * The challenge: 32 random bytes from the library, handed out once with a verification code
 * (purpose `passkey_registration` or `passkey_sign_in`, 65 seconds: the browser's 60-second
 * ceremony timeout plus some latency), which stores only its SHA-256 digest beside the code's
 * own digests. The code is used up by the first answer that presents it (for a registration,
 * the first from the user it was issued to), whether that answer holds or not, so a challenge
 * is signed for at most once and a recorded answer cannot be played again.
 *
 * User verification is preferred, not required, as in Stack Auth: user presence is always
 * required (the library checks it), and an authenticator without a PIN or biometric still
 * works. The signature counter must go forward (or stay 0 for authenticators that keep none);
 * a counter that goes backwards means a cloned authenticator, and the sign-in is refused.
 */
import { timingSafeEqual } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { hashSecret } from "../../crypto/secret-hash";
import type { NewPasskeyCredential } from "../../db/queries/passkeys";
import type { AppConfig } from "../../config/env";
import { KnownError } from "../../errors";
import type { ProjectConfig } from "../project-config/document";
import { isTrustedOrigin } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";

/** The RP ID the SDK expects in the options and replaces with the page's host name. */
export const RP_ID_PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com";
/** How long the browser's ceremony may take. */
export const CEREMONY_TIMEOUT_MS = 60_000;
/** How long a challenge's code lives: the ceremony plus a margin for the round trips. */
export const CHALLENGE_LIFETIME_MS = CEREMONY_TIMEOUT_MS + 5_000;

/** The challenge to use: the library's random one, or (PASSKEY_FIXED_TEST_CHALLENGE, tests only) "MOCK". */
export function ceremonyChallenge(settings: AppConfig): Uint8Array<ArrayBuffer> | undefined {
  return settings.passkeyFixedTestChallenge ? new TextEncoder().encode("MOCK") : undefined;
}

export type Verdict<T> = { ok: true; value: T } | { ok: false; message: string };

export function assertPasskeysEnabled(tenancy: Tenancy): void {
  if (!tenancy.config.auth.passkey.allowSignIn) throw new KnownError("PASSKEY_AUTHENTICATION_NOT_ENABLED");
}

/** What a challenge's code keeps of it. */
export function challengeData(challenge: string): { challenge_hash: string } {
  return { challenge_hash: hashSecret(challenge) };
}

function challengeMatcher(data: Record<string, unknown>): (challenge: string) => boolean {
  const stored = typeof data.challenge_hash === "string" ? Buffer.from(data.challenge_hash, "hex") : Buffer.alloc(0);
  return (challenge) => {
    const presented = Buffer.from(hashSecret(challenge), "hex");
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  };
}

/** The origin and RP ID of a ceremony, or why it may not happen there. */
function ceremonySite(clientDataJSON: string, config: ProjectConfig): Verdict<{ origin: string; rpId: string }> {
  let origin: unknown;
  try {
    origin = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")).origin;
  } catch {
    return { ok: false, message: "The passkey response is malformed: clientDataJSON is not base64url-encoded JSON." };
  }
  let url: URL | null = null;
  try {
    url = typeof origin === "string" ? new URL(origin) : null;
  } catch {
    url = null;
  }
  if (!url || url.origin !== origin) return { ok: false, message: "The passkey response names no valid origin." };
  if (!isTrustedOrigin(url, config)) {
    return { ok: false, message: `Passkeys cannot be used on ${url.origin}: it is not one of this project's trusted domains.` };
  }
  return { ok: true, value: { origin: url.origin, rpId: url.hostname } };
}

async function checked<T>(what: string, verify: () => Promise<T>): Promise<Verdict<T>> {
  try {
    return { ok: true, value: await verify() };
  } catch (error) {
    // The library throws plain Errors that describe what in the response did not hold.
    return { ok: false, message: `${what}: ${error instanceof Error ? error.message : "the response is malformed"}` };
  }
}

/**
 * @simplewebauthn/server, loaded on the first ceremony rather than at start: with its ASN.1 and
 * COSE dependencies it is the costliest module a starting server would otherwise load.
 */
export const loadWebAuthn = () => import("@simplewebauthn/server");

/** What a verified registration stores, but for the user it belongs to. */
export type VerifiedRegistration = Omit<NewPasskeyCredential, "userId">;

export async function verifyRegistration(
  config: ProjectConfig,
  credential: RegistrationResponseJSON,
  codeData: Record<string, unknown>,
): Promise<Verdict<VerifiedRegistration>> {
  const site = ceremonySite(credential.response.clientDataJSON, config);
  if (!site.ok) return site;
  const { verifyRegistrationResponse } = await loadWebAuthn();
  const result = await checked("The passkey could not be registered", () =>
    verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challengeMatcher(codeData),
      expectedOrigin: site.value.origin,
      expectedRPID: site.value.rpId,
      expectedType: "webauthn.create",
      requireUserVerification: false,
    }),
  );
  if (!result.ok) return result;
  if (!result.value.verified) return { ok: false, message: "The passkey could not be registered: its attestation did not verify." };
  const info = result.value.registrationInfo;
  return {
    ok: true,
    value: {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transports: info.credential.transports ?? credential.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      rpId: site.value.rpId,
    },
  };
}

export async function verifyAuthentication(
  config: ProjectConfig,
  response: AuthenticationResponseJSON,
  codeData: Record<string, unknown>,
  stored: { credentialId: string; publicKey: string; counter: number },
): Promise<Verdict<{ newCounter: number }>> {
  const site = ceremonySite(response.response.clientDataJSON, config);
  if (!site.ok) return site;
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  const result = await checked("The passkey could not be verified", () =>
    verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeMatcher(codeData),
      expectedOrigin: site.value.origin,
      expectedRPID: site.value.rpId,
      expectedType: "webauthn.get",
      credential: { id: stored.credentialId, publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")), counter: stored.counter },
      requireUserVerification: false,
    }),
  );
  if (!result.ok) return result;
  if (!result.value.verified) return { ok: false, message: "The passkey could not be verified: the signature does not match the stored public key." };
  return { ok: true, value: { newCounter: result.value.authenticationInfo.newCounter } };
}
