import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonBody, jsonResponse, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmailSchema, MAX_URL_LENGTH, UrlSchema } from "../../http/schemas";
import { checkSignInCode, sendSignInCode, signInWithCode } from "../../services/auth/otp";
import { botChallengeFields, MFA_NOTE, SignInTokensSchema } from "../../http/sign-in-schemas";
import { CODE_ERRORS, CodeBody, CodeCheckSchema } from "../../http/code-schemas";
import { mailLocale } from "../../http/locale";

const DISABLED_NOTE = "A project with magic_link_enabled off answers 403 with a sentence of text, as Stack Auth does.";

const SendCodeBody = z
  .strictObject({
    email: EmailSchema,
    callback_url: UrlSchema.or(z.string().max(MAX_URL_LENGTH).startsWith("/")).openapi({
      description: "Where the e-mailed link leads, with `code` added to its query; relative or on a trusted domain.",
    }),
    ...botChallengeFields,
  })
  .openapi("OtpSendSignInCode");

const NonceSchema = z
  .object({ nonce: z.string().openapi({ description: "Keep it; the code to redeem is the mailed six-character OTP followed by this nonce." }) })
  .openapi("OtpNonce");

const OtpSignInSchema = SignInTokensSchema.extend({
  is_new_user: z.boolean().openapi({ description: "True when this sign-in created the account (or upgraded an anonymous user)." }),
}).openapi("OtpSignInTokens");

const sendSignInCodeRoute = authenticatedRoute(CLIENT_AND_UP, ["OTP_SIGN_IN_NOT_ENABLED", "REDIRECT_URL_NOT_WHITELISTED", "SSO_REQUIRED"], {
  operationId: "sendSignInCode",
  method: "post",
  path: "/auth/otp/send-sign-in-code",
  tags: ["OTP"],
  summary: "E-mail a one-time sign-in code and link",
  description:
    "Mails the six-character OTP and a link to `callback_url` carrying the whole code (valid 30 minutes, single use, " +
    "at most 10 wrong guesses; codes sent earlier stay usable). Rate limited per address and per IP (429). " +
    `Answers alike whether or not the address has an account. ${DISABLED_NOTE}`,
  request: { body: jsonBody(SendCodeBody) },
  responses: { 200: jsonResponse(NonceSchema, "Code sent"), ...rateLimitedResponse },
});

const signInWithCodeRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["OTP_SIGN_IN_NOT_ENABLED", "SIGN_UP_NOT_ENABLED", "SIGN_UP_REJECTED", "USER_EMAIL_ALREADY_EXISTS", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "SSO_REQUIRED", ...CODE_ERRORS],
  {
  operationId: "signInWithCode",
  method: "post",
  path: "/auth/otp/sign-in",
  tags: ["OTP"],
  summary: "Sign in with a one-time code",
  description:
    "Signs in the account of the code's address when that address is verified, turning code sign-in on for it if it " +
    "was off; an account whose address is not verified answers USER_EMAIL_ALREADY_EXISTS and the code stays unused. " +
    "An unknown address signs up (SIGN_UP_NOT_ENABLED when the project does not allow it) with the address verified; " +
    `with an anonymous user's session, that user is upgraded in place. ${MFA_NOTE} ${DISABLED_NOTE} ` +
    "The code of an impersonation link (POST /auth/sessions/impersonation-links) is redeemed here too, codes on or off: it opens an impersonation session of its user, without a second factor.",
  request: { body: jsonBody(CodeBody) },
  responses: { 200: jsonResponse(OtpSignInSchema, "Signed in"), ...rateLimitedResponse },
  },
);

const checkSignInCodeRoute = authenticatedRoute(CLIENT_AND_UP, ["OTP_SIGN_IN_NOT_ENABLED", ...CODE_ERRORS], {
  operationId: "checkSignInCode",
  method: "post",
  path: "/auth/otp/sign-in/check-code",
  tags: ["OTP"],
  summary: "Check a one-time sign-in code without using it",
  request: { body: jsonBody(CodeBody) },
  responses: { 200: jsonResponse(CodeCheckSchema, "The code is valid"), ...rateLimitedResponse },
});

export function registerOtpRoutes(router: Router): void {
  router.openapi(sendSignInCodeRoute, async (c) => {
    const body = c.req.valid("json");
    const answer = await sendSignInCode(c.var.deps, c.var.auth.tenancy, { email: body.email, callbackUrl: body.callback_url, locale: mailLocale(c) }, clientInfo(c));
    return c.json(answer, 200);
  });

  router.openapi(signInWithCodeRoute, async (c) => {
    const user = c.var.auth.user;
    const tokens = await signInWithCode(
      c.var.deps,
      c.var.auth.tenancy,
      { code: c.req.valid("json").code, anonymousUserId: user?.is_anonymous ? user.sub : null },
      clientInfo(c),
    );
    return c.json(tokens, 200);
  });

  router.openapi(checkSignInCodeRoute, async (c) => {
    await checkSignInCode(c.var.deps, c.var.auth.tenancy, c.req.valid("json").code, clientInfo(c));
    return c.json({ is_code_valid: true as const }, 200);
  });
}
