/**
 * Passkeys in the browser, the way the Stack SDK runs them: ask the server for options, put the
 * page's host name where the server left the RP ID placeholder (the server accepts only origins
 * of the project, and the RP ID that is their host name), run the WebAuthn ceremony with
 * @simplewebauthn/browser, and hand the answer back with the server's code.
 *
 * A failure of the ceremony itself (the person cancelled, the browser has no WebAuthn, the
 * authenticator refused) is raised as the known error the SDK builds for it,
 * PASSKEY_WEBAUTHN_ERROR with `details.message` and `details.code` (the library's code, or the
 * DOMException's name), so pages word every passkey failure from one place.
 */
import type * as SimpleWebAuthn from "@simplewebauthn/browser";
import type { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import {
  initiatePasskeyAuthentication,
  initiatePasskeyRegistration,
  registerPasskey,
  signInWithPasskey,
  type PasskeyRegistrationCredential,
  type PasskeyAuthenticationResponse,
} from "../../react-query";
import { GatehouseApiError } from "../../session";
import { useFinishSignIn, useMfaHandOff, type SignInOptions } from "../auth/sign-in";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

/** The RP ID the server's options carry, for the page to replace with its own host name. */
export const RP_ID_PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com";

type WebAuthnLibrary = typeof SimpleWebAuthn;

/** Loaded when a ceremony starts, so that pages load without it and only people using passkeys download it. */
const loadWebAuthn = (): Promise<WebAuthnLibrary> => import("@simplewebauthn/browser");

function ceremonyError(error: unknown, { WebAuthnError }: WebAuthnLibrary): GatehouseApiError {
  const message = error instanceof Error ? error.message : "The passkey ceremony failed.";
  const code = error instanceof WebAuthnError ? error.code : error instanceof Error ? error.name : "Error";
  // A passthrough keeps the browser's own error (NotAllowedError for a cancelled prompt) as its cause.
  const cause = error instanceof WebAuthnError && error.cause instanceof Error ? error.cause.name : null;
  return new GatehouseApiError(400, { code: "PASSKEY_WEBAUTHN_ERROR", error: message, details: { message, code: cause ?? code } });
}

async function ceremony<T>(run: (webauthn: WebAuthnLibrary) => Promise<T>): Promise<T> {
  const webauthn = await loadWebAuthn();
  try {
    return await run(webauthn);
  } catch (error) {
    throw ceremonyError(error, webauthn);
  }
}

/** Registers a passkey for the signed-in user, replacing any earlier one; `passkey_auth_enabled` turns on. */
export function useRegisterPasskey() {
  const onSuccess = useInvalidate(areaKeys.currentUser, areaKeys.securityActivity);
  return useMutation({
    mutationFn: async () => {
      const { options_json, code } = await initiatePasskeyRegistration({});
      const options = options_json as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"];
      const optionsJSON = { ...options, rp: { ...options.rp, id: window.location.hostname } };
      const credential = await ceremony((webauthn) => webauthn.startRegistration({ optionsJSON }));
      return registerPasskey({ credential: credential as PasskeyRegistrationCredential, code });
    },
    onSuccess,
  });
}

/** Signs in with a passkey the authenticator offers for this site; a second factor hands over to the mfa page. */
export function useSignInWithPasskey(options: SignInOptions = {}) {
  const onSuccess = useFinishSignIn(options);
  const onError = useMfaHandOff();
  return useMutation({
    mutationFn: async () => {
      const { options_json, code } = await initiatePasskeyAuthentication({});
      const request = options_json as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"];
      const response = await ceremony((webauthn) => webauthn.startAuthentication({ optionsJSON: { ...request, rpId: window.location.hostname } }));
      return signInWithPasskey({ authentication_response: response as PasskeyAuthenticationResponse, code });
    },
    onSuccess,
    onError,
  });
}
