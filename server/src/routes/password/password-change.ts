import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireSignedInUser } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { setFirstPassword, updatePassword } from "../../services/auth/password-change";
import { SuccessSchema } from "../../http/schemas";

const SetPasswordBody = z
  .strictObject({ password: z.string().openapi({ description: "8 to 70 characters." }) })
  .openapi("PasswordSet");

const UpdatePasswordBody = z
  .strictObject({
    old_password: z.string().max(1024),
    new_password: z.string().openapi({ description: "8 to 70 characters." }),
  })
  .openapi("PasswordUpdate");

const setPasswordRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "PASSWORD_AUTHENTICATION_NOT_ENABLED",
    "PASSWORD_TOO_SHORT",
    "PASSWORD_TOO_LONG",
    "PASSWORD_ALREADY_SET",
    "USER_NOT_FOUND",
  ],
  {
    operationId: "setPassword",
    method: "post",
    path: "/auth/password/set",
    tags: ["Password"],
    summary: "Set a first password for the signed-in user",
    description:
      "Only for a user without a password. A user who has one must change it with `/auth/password/update` " +
      "(a bare 400 with a sentence, as Stack Auth answers).",
    request: { body: jsonBody(SetPasswordBody) },
    responses: { 200: jsonResponse(SuccessSchema, "Password set") },
  },
);

const updatePasswordRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "PASSWORD_AUTHENTICATION_NOT_ENABLED",
    "USER_DOES_NOT_HAVE_PASSWORD",
    "PASSWORD_CONFIRMATION_MISMATCH",
    "PASSWORD_TOO_SHORT",
    "PASSWORD_TOO_LONG",
    "USER_NOT_FOUND",
  ],
  {
    operationId: "updatePassword",
    method: "post",
    path: "/auth/password/update",
    tags: ["Password"],
    summary: "Change the signed-in user's password",
    description:
      "Checks the old password (PASSWORD_CONFIRMATION_MISMATCH when wrong), stores the new one and ends every other " +
      "session of the user; the session that made the change stays signed in. Rate limited per user (429).",
    request: { body: jsonBody(UpdatePasswordBody) },
    responses: { 200: jsonResponse(SuccessSchema, "Password changed"), ...rateLimitedResponse },
  },
);

export function registerPasswordChangeRoutes(router: Router): void {
  router.openapi(setPasswordRoute, async (c) => {
    const user = requireSignedInUser(c.var.auth);
    await setFirstPassword(c.var.deps, c.var.auth.tenancy, user.sub, c.req.valid("json").password);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(updatePasswordRoute, async (c) => {
    const user = requireSignedInUser(c.var.auth);
    const body = c.req.valid("json");
    await updatePassword(
      c.var.deps,
      c.var.auth.tenancy,
      { userId: user.sub, sessionId: user.refresh_token_id },
      { oldPassword: body.old_password, newPassword: body.new_password },
    );
    return c.json({ success: true as const }, 200);
  });
}
