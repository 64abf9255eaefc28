import { knownError } from "./define";

/** Passkey (WebAuthn) registration and sign-in. PASSKEY_WEBAUTHN_ERROR is the browser's, raised by clients. */
export const passkeyErrors = {
  PASSKEY_AUTHENTICATION_NOT_ENABLED: knownError(400, () => "Passkey authentication is not enabled for this project."),
  PASSKEY_REGISTRATION_FAILED: knownError<{ message: string }>(400, (d) => d.message),
  PASSKEY_AUTHENTICATION_FAILED: knownError<{ message: string }>(400, (d) => d.message),
};
