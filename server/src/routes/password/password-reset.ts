import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { afterResponse } from "../../http/after-response";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonBody, jsonResponse, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { CallbackUrlSchema, EmailSchema, SuccessSchema } from "../../http/schemas";
import { checkPasswordResetCode, resetPassword, sendPasswordResetCode } from "../../services/auth/password-change";
import { CODE_ERRORS, CodeBody, CodeCheckSchema } from "../../http/code-schemas";
import { mailLocale } from "../../http/locale";

const SendResetCodeBody = z.strictObject({ email: EmailSchema, callback_url: CallbackUrlSchema }).openapi("PasswordResetRequest");

const ResetCodeSentSchema = z
  .object({ success: z.literal("maybe, only if user with e-mail exists") })
  .openapi("PasswordResetCodeSent");

const ResetBody = z
  .strictObject({ code: CodeBody.shape.code, password: z.string().openapi({ description: "8 to 70 characters." }) })
  .openapi("PasswordReset");

const sendPasswordResetCodeRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["PASSWORD_AUTHENTICATION_NOT_ENABLED", "REDIRECT_URL_NOT_WHITELISTED"],
  {
    operationId: "sendPasswordResetCode",
    method: "post",
    path: "/auth/password/send-reset-code",
    tags: ["Password"],
    summary: "E-mail a password reset link",
    description:
      "Answers the same whether or not an account uses the address; only an existing account gets a message, with a " +
      "link to `callback_url` carrying the code (valid one hour, single use). Rate limited per address and per IP (429).",
    request: { body: jsonBody(SendResetCodeBody) },
    responses: { 200: jsonResponse(ResetCodeSentSchema, "Sent if the account exists"), ...rateLimitedResponse },
  },
);

const resetPasswordRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["PASSWORD_AUTHENTICATION_NOT_ENABLED", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", ...CODE_ERRORS],
  {
    operationId: "resetPassword",
    method: "post",
    path: "/auth/password/reset",
    tags: ["Password"],
    summary: "Reset the password with an e-mailed code",
    description: "Uses the code, stores the new password and ends every session of the user.",
    request: { body: jsonBody(ResetBody) },
    responses: { 200: jsonResponse(SuccessSchema, "Password reset"), ...rateLimitedResponse },
  },
);

const checkPasswordResetCodeRoute = authenticatedRoute(CLIENT_AND_UP, [...CODE_ERRORS], {
  operationId: "checkPasswordResetCode",
  method: "post",
  path: "/auth/password/reset/check-code",
  tags: ["Password"],
  summary: "Check a password reset code without using it",
  request: { body: jsonBody(CodeBody) },
  responses: { 200: jsonResponse(CodeCheckSchema, "The code is valid"), ...rateLimitedResponse },
});

export function registerPasswordResetRoutes(router: Router): void {
  router.openapi(sendPasswordResetCodeRoute, async (c) => {
    const body = c.req.valid("json");
    const answer = await sendPasswordResetCode(
      c.var.deps,
      c.var.auth.tenancy,
      { email: body.email, callbackUrl: body.callback_url, locale: mailLocale(c) },
      clientInfo(c),
      afterResponse(c),
    );
    return c.json(answer, 200);
  });

  router.openapi(resetPasswordRoute, async (c) => {
    await resetPassword(c.var.deps, c.var.auth.tenancy, c.req.valid("json"), clientInfo(c));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(checkPasswordResetCodeRoute, async (c) => {
    await checkPasswordResetCode(c.var.deps, c.var.auth.tenancy, c.req.valid("json").code, clientInfo(c));
    return c.json({ is_code_valid: true as const }, 200);
  });
}
