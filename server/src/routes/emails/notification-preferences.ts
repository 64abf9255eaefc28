import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, resolveUserIdForAccess } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import { UserIdOrMe } from "../../http/schemas";
import {
  listNotificationPreferences,
  setNotificationPreference,
  unsubscribe,
  type NotificationPreference,
} from "../../services/emails/notification-preferences";

const PreferenceSchema = z
  .object({
    notification_category_id: z.string(),
    notification_category_name: z.string(),
    enabled: z.boolean(),
    can_disable: z.boolean(),
  })
  .openapi("NotificationPreference");

const UserParam = z.object({ user_id: UserIdOrMe.openapi({ param: { name: "user_id", in: "path" } }) });
const UserCategoryParams = UserParam.extend({
  notification_category_id: z.string().max(64).openapi({ param: { name: "notification_category_id", in: "path" } }),
});

const ACCESS_NOTE = "With client access only the signed-in user's own preferences (`me` or their id); another user answers USER_NOT_FOUND.";

const listNotificationPreferencesRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"],
  {
    operationId: "listNotificationPreferences",
    method: "get",
    path: "/emails/notification-preference/{user_id}",
    tags: ["Emails"],
    summary: "A user's choice for every notification category",
    description: `Transactional mail cannot be turned off; other categories are on until the user turns them off. ${ACCESS_NOTE}`,
    request: { params: UserParam },
    responses: {
      200: jsonResponse(z.object({ items: z.array(PreferenceSchema), is_paginated: z.literal(false) }).openapi("NotificationPreferenceList"), "Every category"),
    },
  },
);

const updateNotificationPreferenceRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "USER_NOT_FOUND",
    "CANNOT_GET_OWN_USER_WITHOUT_USER",
    "USER_AUTHENTICATION_REQUIRED",
    "NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED",
    "NOTIFICATION_CATEGORY_NOT_FOUND",
  ],
  {
    operationId: "updateNotificationPreference",
    method: "patch",
    path: "/emails/notification-preference/{user_id}/{notification_category_id}",
    tags: ["Emails"],
    summary: "Turn a notification category on or off for a user",
    description: `Turning transactional mail off answers NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED; an unknown category a bare 404. ${ACCESS_NOTE}`,
    request: { params: UserCategoryParams, body: jsonBody(z.strictObject({ enabled: z.boolean() }).openapi("NotificationPreferenceUpdate")) },
    responses: { 200: jsonResponse(PreferenceSchema, "The preference as it now is") },
  },
);

const unsubscribeRoute = publicRoute(["VERIFICATION_CODE_NOT_FOUND", "NOTIFICATION_CATEGORY_NOT_FOUND"], {
  operationId: "unsubscribe",
  method: "get",
  path: "/emails/unsubscribe-link",
  tags: ["Emails"],
  summary: "Follow the unsubscribe link of a mail",
  description: "Turns the mail's category off for its recipient and says so. The link needs no session; it names one user and one category and cannot be altered.",
  request: { query: z.object({ code: z.string().min(1).max(2048) }) },
  responses: { 200: { description: "Unsubscribed", content: { "text/plain": { schema: z.string() } } } },
});

const oneClickUnsubscribeRoute = publicRoute(["VERIFICATION_CODE_NOT_FOUND", "NOTIFICATION_CATEGORY_NOT_FOUND"], {
  operationId: "unsubscribeOneClick",
  method: "post",
  path: "/emails/unsubscribe-link",
  tags: ["Emails"],
  summary: "One-click unsubscribe (RFC 8058)",
  description:
    "What a mail client posts to the List-Unsubscribe address when the mail also says `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. " +
    "Same effect as following the link; the body (`List-Unsubscribe=One-Click`, form-encoded) is not needed.",
  request: { query: z.object({ code: z.string().min(1).max(2048) }) },
  responses: { 200: { description: "Unsubscribed", content: { "text/plain": { schema: z.string() } } } },
});

const toPreference = (p: NotificationPreference) => ({
  notification_category_id: p.category.id,
  notification_category_name: p.category.name,
  enabled: p.enabled,
  can_disable: p.category.canDisable,
});

export function registerNotificationPreferenceRoutes(router: Router): void {
  router.openapi(listNotificationPreferencesRoute, async (c) => {
    const auth = c.var.auth;
    const userId = resolveUserIdForAccess(auth, c.req.valid("param").user_id);
    const preferences = await listNotificationPreferences(c.var.deps, auth.tenancy, userId);
    return c.json({ items: preferences.map(toPreference), is_paginated: false as const }, 200);
  });

  router.openapi(updateNotificationPreferenceRoute, async (c) => {
    const auth = c.var.auth;
    const params = c.req.valid("param");
    const userId = resolveUserIdForAccess(auth, params.user_id);
    const preference = await setNotificationPreference(c.var.deps, auth.tenancy, userId, params.notification_category_id, c.req.valid("json").enabled);
    return c.json(toPreference(preference), 200);
  });

  router.openapi(unsubscribeRoute, async (c) => {
    const { projectName, categoryName } = await unsubscribe(c.var.deps, c.req.valid("query").code);
    return c.text(`You will no longer receive ${categoryName.toLowerCase()} e-mail from ${projectName}.`, 200);
  });

  router.openapi(oneClickUnsubscribeRoute, async (c) => {
    const { projectName, categoryName } = await unsubscribe(c.var.deps, c.req.valid("query").code);
    return c.text(`You will no longer receive ${categoryName.toLowerCase()} e-mail from ${projectName}.`, 200);
  });
}
