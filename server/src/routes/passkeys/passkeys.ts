import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { CODE_ERRORS } from "../../http/code-schemas";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmptyObjectSchema } from "../../http/schemas";
import { registerPasskey, startPasskeyRegistration } from "../../services/auth/passkey-registration";
import { signInWithPasskey, startPasskeySignIn } from "../../services/auth/passkey-sign-in";
import { MFA_NOTE, SignInResultSchema } from "../../http/sign-in-schemas";

const B64URL_MAX = 65_536;
// WebAuthn's JSON forms are base64url; plain base64 (what `btoa` gives) is taken too and converted.
const base64url = (description: string) =>
  z.string().max(B64URL_MAX).regex(/^[A-Za-z0-9_\-+/]*={0,2}$/, "must be base64url").openapi({ description });
const toBase64url = (value: string) => value.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The credential with every base64 field in base64url, as @simplewebauthn/server reads them. */
function normalized<T extends { id: string; rawId: string; response: Record<string, unknown> }>(credential: T): T {
  const response = Object.fromEntries(Object.entries(credential.response).map(([key, value]) => [key, typeof value === "string" ? toBase64url(value) : value]));
  return { ...credential, id: toBase64url(credential.id), rawId: toBase64url(credential.rawId), response };
}

// What @simplewebauthn/browser's startRegistration and startAuthentication return (WebAuthn's
// toJSON forms). The top level is strict; the nested objects take what newer browsers add.
const credentialFields = {
  id: base64url("The credential id."),
  rawId: base64url("The credential id again (the same bytes)."),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.looseObject({}).optional(),
};

const RegistrationCredentialSchema = z
  .strictObject({
    ...credentialFields,
    response: z.looseObject({
      clientDataJSON: base64url("The client data the authenticator signed over: type, challenge, origin."),
      attestationObject: base64url("The authenticator data with the new public key, and the attestation."),
      authenticatorData: base64url("The authenticator data alone.").optional(),
      transports: z.array(z.string().max(32)).max(16).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url("The public key in SPKI form.").optional(),
    }),
  })
  .openapi("PasskeyRegistrationCredential");

const AuthenticationResponseSchema = z
  .strictObject({
    ...credentialFields,
    response: z.looseObject({
      clientDataJSON: base64url("The client data the authenticator signed over: type, challenge, origin."),
      authenticatorData: base64url("The authenticator data: RP ID hash, flags, signature counter."),
      signature: base64url("The signature over the authenticator data and the client data's hash."),
      userHandle: base64url("The user handle stored with the passkey.").optional(),
    }),
  })
  .openapi("PasskeyAuthenticationResponse");

const CeremonyStartSchema = z
  .object({
    options_json: z.record(z.string(), z.unknown()).openapi({
      description:
        "The WebAuthn options in JSON form, for @simplewebauthn/browser. Their RP ID is the placeholder " +
        "`THIS_VALUE_WILL_BE_REPLACED.example.com`: the client puts the page's host name there, as the Stack SDK does.",
    }),
    code: z.string().openapi({ description: "Send it back with the browser's answer; valid 65 seconds, once." }),
  })
  .openapi("PasskeyCeremonyStart");

const SITE_NOTE =
  "The origin in the answer's client data must be one of the project's trusted domains (or localhost, when " +
  "allow_localhost is on), and the RP ID its host name. The code is used up by the first answer, whether it holds or not.";

const initiateRegistrationRoute = authenticatedRoute(CLIENT_AND_UP, ["USER_AUTHENTICATION_REQUIRED", "PASSKEY_AUTHENTICATION_NOT_ENABLED", "USER_NOT_FOUND"], {
  operationId: "initiatePasskeyRegistration",
  method: "post",
  path: "/auth/passkey/initiate-passkey-registration",
  tags: ["Passkeys"],
  summary: "Start registering a passkey for the signed-in user",
  description: "Answers the options for navigator.credentials.create() and a code bound to this user; a new start retires the user's older code.",
  request: { body: optionalJsonBody(EmptyObjectSchema) },
  responses: { 200: jsonResponse(CeremonyStartSchema, "Registration options") },
});

const registerRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["USER_AUTHENTICATION_REQUIRED", "PASSKEY_AUTHENTICATION_NOT_ENABLED", "PASSKEY_REGISTRATION_FAILED", "USER_NOT_FOUND", "SIGN_UP_NOT_ENABLED", ...CODE_ERRORS],
  {
    operationId: "registerPasskey",
    method: "post",
    path: "/auth/passkey/register",
    tags: ["Passkeys"],
    summary: "Finish registering a passkey",
    description:
      "Checks the browser's answer and stores the passkey in place of any earlier one of the user (a user has one, as in " +
      "Stack Auth; `passkey_auth_enabled` is then true). Only the session of the user who started may finish; another " +
      `user's code is VERIFICATION_CODE_NOT_FOUND. ${SITE_NOTE} Rate limited per IP (429).`,
    request: { body: jsonBody(z.strictObject({ credential: RegistrationCredentialSchema, code: z.string().max(256) }).openapi("PasskeyRegister")) },
    responses: {
      200: jsonResponse(z.object({ user_handle: z.string().openapi({ description: "The registered credential's id." }) }).openapi("PasskeyRegistered"), "Registered"),
      ...rateLimitedResponse,
    },
  },
);

const initiateAuthenticationRoute = authenticatedRoute(CLIENT_AND_UP, ["PASSKEY_AUTHENTICATION_NOT_ENABLED"], {
  operationId: "initiatePasskeyAuthentication",
  method: "post",
  path: "/auth/passkey/initiate-passkey-authentication",
  tags: ["Passkeys"],
  summary: "Start signing in with a passkey",
  description: "Answers the options for navigator.credentials.get() (no credentials listed: the authenticator offers its passkeys for the site) and a code. Rate limited per IP (429).",
  request: { body: optionalJsonBody(EmptyObjectSchema) },
  responses: { 200: jsonResponse(CeremonyStartSchema, "Authentication options"), ...rateLimitedResponse },
});

const signInRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["PASSKEY_AUTHENTICATION_NOT_ENABLED", "PASSKEY_AUTHENTICATION_FAILED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "SSO_REQUIRED", ...CODE_ERRORS],
  {
    operationId: "signInWithPasskey",
    method: "post",
    path: "/auth/passkey/sign-in",
    tags: ["Passkeys"],
    summary: "Sign in with a passkey",
    description:
      "Checks the browser's answer against the stored passkey of this project: signature, challenge, origin, RP ID, and a " +
      `signature counter that must go forward (a counter going backwards is refused). ${SITE_NOTE} ${MFA_NOTE} Rate limited per IP (429).`,
    request: {
      body: jsonBody(z.strictObject({ authentication_response: AuthenticationResponseSchema, code: z.string().max(256) }).openapi("PasskeySignIn")),
    },
    responses: { 200: jsonResponse(SignInResultSchema, "Signed in"), ...rateLimitedResponse },
  },
);

export function registerPasskeyRoutes(router: Router): void {
  router.openapi(initiateRegistrationRoute, async (c) => {
    const user = requireUser(c.var.auth);
    return c.json(await startPasskeyRegistration(c.var.deps, c.var.auth.tenancy, user.sub), 200);
  });

  router.openapi(registerRoute, async (c) => {
    const user = requireUser(c.var.auth);
    const body = c.req.valid("json");
    const credential = normalized(body.credential);
    const input = { userId: user.sub, code: body.code, credential: { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} } };
    return c.json(await registerPasskey(c.var.deps, c.var.auth.tenancy, input, clientInfo(c)), 200);
  });

  router.openapi(initiateAuthenticationRoute, async (c) => {
    return c.json(await startPasskeySignIn(c.var.deps, c.var.auth.tenancy, clientInfo(c)), 200);
  });

  router.openapi(signInRoute, async (c) => {
    const body = c.req.valid("json");
    const answer = normalized(body.authentication_response);
    const response = { ...answer, clientExtensionResults: answer.clientExtensionResults ?? {} };
    return c.json(await signInWithPasskey(c.var.deps, c.var.auth.tenancy, { code: body.code, response }, clientInfo(c)), 200);
  });
}
