import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireSignedInUser, resolveUserIdForAccess } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonBody, jsonResponse, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { CallbackUrlSchema, EmailSchema, SuccessSchema, UserIdOrMe } from "../../http/schemas";
import {
  sendChannelVerificationCode,
  sendVerificationCodeForAddress,
  verifyChannelCode,
} from "../../services/contact-channels/verification";
import type { KnownErrorCode } from "../../errors";
import { CODE_ERRORS, CodeBody, CodeCheckSchema } from "../../http/code-schemas";
import { mailLocale } from "../../http/locale";

const TAGS = ["Contact channels"];

const ChannelParams = z.object({
  user_id: UserIdOrMe.openapi({ param: { name: "user_id", in: "path" } }),
  contact_channel_id: z.uuid().openapi({ param: { name: "contact_channel_id", in: "path" } }),
});

const SendBody = z.strictObject({ callback_url: CallbackUrlSchema }).openapi("ContactChannelSendCode");
const LegacySendBody = z.strictObject({ email: EmailSchema, callback_url: CallbackUrlSchema }).openapi("EmailSendVerificationCode");

const SEND_ERRORS: KnownErrorCode[] = ["EMAIL_ALREADY_VERIFIED", "REDIRECT_URL_NOT_WHITELISTED"];

const sendContactChannelVerificationCodeRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [...SEND_ERRORS, "USER_NOT_FOUND", "CONTACT_CHANNEL_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"],
  {
    operationId: "sendContactChannelVerificationCode",
    method: "post",
    path: "/contact-channels/{user_id}/{contact_channel_id}/send-verification-code",
    tags: TAGS,
    summary: "E-mail a verification link to a contact channel",
    request: { params: ChannelParams, body: jsonBody(SendBody) },
    responses: { 200: jsonResponse(SuccessSchema, "Sent"), ...rateLimitedResponse },
  },
);

const sendEmailVerificationCodeRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [...SEND_ERRORS, "EMAIL_NOT_ASSOCIATED_WITH_USER", "EMAIL_IS_NOT_PRIMARY_EMAIL"],
  {
    operationId: "sendEmailVerificationCode",
    method: "post",
    path: "/contact-channels/send-verification-code",
    tags: TAGS,
    summary: "E-mail a verification link to the signed-in user's primary address (older SDKs)",
    description:
      "`email` must be the user's primary e-mail: another of their addresses answers EMAIL_IS_NOT_PRIMARY_EMAIL, " +
      "an address that is not theirs EMAIL_NOT_ASSOCIATED_WITH_USER.",
    request: { body: jsonBody(LegacySendBody) },
    responses: { 200: jsonResponse(SuccessSchema, "Sent"), ...rateLimitedResponse },
  },
);

const verifyContactChannelRoute = authenticatedRoute(CLIENT_AND_UP, [...CODE_ERRORS], {
    operationId: "verifyContactChannel",
    method: "post",
    path: "/contact-channels/verify",
    tags: TAGS,
    summary: "Mark a contact channel verified with the mailed code",
    request: { body: jsonBody(CodeBody) },
    responses: { 200: jsonResponse(SuccessSchema, "Verified"), ...rateLimitedResponse },
});

const checkContactChannelVerificationCodeRoute = authenticatedRoute(CLIENT_AND_UP, [...CODE_ERRORS], {
    operationId: "checkContactChannelVerificationCode",
    method: "post",
    path: "/contact-channels/verify/check-code",
    tags: TAGS,
    summary: "Check a verification code without using it",
    request: { body: jsonBody(CodeBody) },
    responses: { 200: jsonResponse(CodeCheckSchema, "The code is valid"), ...rateLimitedResponse },
});

export function registerContactChannelVerificationRoutes(router: Router): void {
  router.openapi(sendEmailVerificationCodeRoute, async (c) => {
    const body = c.req.valid("json");
    const auth = c.var.auth;
    const user = requireSignedInUser(auth);
    await sendVerificationCodeForAddress(c.var.deps, auth.tenancy, user.sub, body.email, body.callback_url, clientInfo(c), mailLocale(c));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(verifyContactChannelRoute, async (c) => {
    await verifyChannelCode(c.var.deps, c.var.auth.tenancy, c.req.valid("json").code, true, clientInfo(c));
    return c.json({ success: true as const }, 200);
  });

  router.openapi(checkContactChannelVerificationCodeRoute, async (c) => {
    await verifyChannelCode(c.var.deps, c.var.auth.tenancy, c.req.valid("json").code, false, clientInfo(c));
    return c.json({ is_code_valid: true as const }, 200);
  });

  router.openapi(sendContactChannelVerificationCodeRoute, async (c) => {
    const params = c.req.valid("param");
    const auth = c.var.auth;
    const userId = resolveUserIdForAccess(auth, params.user_id);
    const callbackUrl = c.req.valid("json").callback_url;
    await sendChannelVerificationCode(c.var.deps, auth.tenancy, userId, params.contact_channel_id, callbackUrl, clientInfo(c), mailLocale(c));
    return c.json({ success: true as const }, 200);
  });
}
