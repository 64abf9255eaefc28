import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { CODE_ERRORS, CodeBody, CodeCheckSchema } from "../../http/code-schemas";
import { authenticatedRoute, jsonBody, jsonResponse, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { checkMfaAttempt, signInWithTotp } from "../../services/auth/mfa-sign-in";
import { SignInTokensSchema } from "../../http/sign-in-schemas";

const MfaSignInBody = z
  .strictObject({
    type: z.literal("totp").openapi({ description: "The kind of second factor; TOTP is the only one." }),
    totp: z.string().max(64).openapi({ description: "The six-digit code the user's authenticator app shows now.", example: "123456" }),
    code: z.string().max(256).openapi({ description: "The attempt code from MULTI_FACTOR_AUTHENTICATION_REQUIRED's details." }),
  })
  .openapi("MfaSignIn");

const MfaSignInTokensSchema = SignInTokensSchema.extend({
  is_new_user: z.boolean().openapi({ description: "True when the first factor of this sign-in created the account." }),
}).openapi("MfaSignInTokens");

const signInWithMfaRoute = authenticatedRoute(CLIENT_AND_UP, ["INVALID_TOTP_CODE", ...CODE_ERRORS], {
  operationId: "signInWithMfa",
  method: "post",
  path: "/auth/mfa/sign-in",
  tags: ["MFA"],
  summary: "Finish a sign-in with a TOTP code",
  description:
    "The second step of a sign-in that answered MULTI_FACTOR_AUTHENTICATION_REQUIRED: the attempt code from that answer " +
    "(valid 5 minutes, single use) and the current TOTP code of the user's authenticator (RFC 6238, SHA-1, 6 digits, " +
    "30-second steps, one step of clock drift either way). A code is accepted once per user: the same code, or an older " +
    "one, is INVALID_TOTP_CODE afterwards. Five wrong codes end the attempt (VERIFICATION_CODE_MAX_ATTEMPTS_REACHED); " +
    "so do the user's deletion and two-factor sign-in being switched off (VERIFICATION_CODE_NOT_FOUND). " +
    "Rate limited per IP and per user (429).",
  request: { body: jsonBody(MfaSignInBody) },
  responses: { 200: jsonResponse(MfaSignInTokensSchema, "Signed in"), ...rateLimitedResponse },
});

const checkMfaAttemptCodeRoute = authenticatedRoute(CLIENT_AND_UP, CODE_ERRORS, {
  operationId: "checkMfaAttemptCode",
  method: "post",
  path: "/auth/mfa/sign-in/check-code",
  tags: ["MFA"],
  summary: "Check an MFA attempt code without using it",
  description: "Whether the attempt code can still finish a sign-in; no TOTP code is checked and the attempt is not used.",
  request: { body: jsonBody(CodeBody) },
  responses: { 200: jsonResponse(CodeCheckSchema, "The attempt code is valid"), ...rateLimitedResponse },
});

export function registerMfaRoutes(router: Router): void {
  router.openapi(signInWithMfaRoute, async (c) => {
    const body = c.req.valid("json");
    const tokens = await signInWithTotp(c.var.deps, c.var.auth.tenancy, { attemptCode: body.code, totp: body.totp }, clientInfo(c));
    return c.json(tokens, 200);
  });

  router.openapi(checkMfaAttemptCodeRoute, async (c) => {
    await checkMfaAttempt(c.var.deps, c.var.auth.tenancy, c.req.valid("json").code, clientInfo(c));
    return c.json({ is_code_valid: true as const }, 200);
  });
}
