import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonBody, jsonResponse, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmailSchema, MAX_URL_LENGTH, UrlSchema } from "../../http/schemas";
import { signInWithPassword, signUpWithPassword } from "../../services/auth/password-auth";
import { botChallengeFields, MFA_NOTE, SignInTokensSchema } from "../../http/sign-in-schemas";
import { mailLocale } from "../../http/locale";

const PasswordSchema = z.string().openapi({ description: "8 to 70 characters." });

const SignUpBody = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    verification_callback_url: UrlSchema.or(z.string().max(MAX_URL_LENGTH).startsWith("/")).optional(),
    ...botChallengeFields,
  })
  .openapi("PasswordSignUp");

const SignInBody = z
  // Any non-empty address: one that was never signed up is refused as a mismatch, not as malformed.
  .strictObject({ email: z.string().trim().min(1).max(256), password: z.string().max(1024) })
  .openapi("PasswordSignIn");

const signUpWithPasswordRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "SIGN_UP_NOT_ENABLED",
    "SIGN_UP_REJECTED",
    "PASSWORD_AUTHENTICATION_NOT_ENABLED",
    "PASSWORD_TOO_SHORT",
    "PASSWORD_TOO_LONG",
    "USER_EMAIL_ALREADY_EXISTS",
    "REDIRECT_URL_NOT_WHITELISTED",
    "SSO_REQUIRED",
  ],
  {
    operationId: "signUpWithPassword",
    method: "post",
    path: "/auth/password/sign-up",
    tags: ["Password"],
    summary: "Sign up with e-mail and password",
    request: { body: jsonBody(SignUpBody) },
    responses: { 200: jsonResponse(SignInTokensSchema, "Signed up and signed in"), ...rateLimitedResponse },
  },
);

const signInWithPasswordRoute = authenticatedRoute(CLIENT_AND_UP, ["PASSWORD_AUTHENTICATION_NOT_ENABLED", "EMAIL_PASSWORD_MISMATCH", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "SSO_REQUIRED"], {
  operationId: "signInWithPassword",
  method: "post",
  path: "/auth/password/sign-in",
  tags: ["Password"],
  summary: "Sign in with e-mail and password",
  description: MFA_NOTE,
  request: { body: jsonBody(SignInBody) },
  responses: { 200: jsonResponse(SignInTokensSchema, "Signed in"), ...rateLimitedResponse },
});

export function registerPasswordRoutes(router: Router): void {
  router.openapi(signUpWithPasswordRoute, async (c) => {
    const body = c.req.valid("json");
    const tokens = await signUpWithPassword(
      c.var.deps,
      c.var.auth.tenancy,
      {
        email: body.email,
        password: body.password,
        verificationCallbackUrl: body.verification_callback_url,
        locale: mailLocale(c),
        anonymousUserId: c.var.auth.user?.is_anonymous ? c.var.auth.user.sub : undefined,
      },
      clientInfo(c),
    );
    return c.json(tokens, 200);
  });

  router.openapi(signInWithPasswordRoute, async (c) => {
    const body = c.req.valid("json");
    const tokens = await signInWithPassword(c.var.deps, c.var.auth.tenancy, body, clientInfo(c));
    return c.json(tokens, 200);
  });
}
