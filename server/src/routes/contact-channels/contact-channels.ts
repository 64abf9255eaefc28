import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, resolveListOwnerForAccess, resolveUserIdForAccess } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema, UserIdOrMe } from "../../http/schemas";
import {
  createContactChannel,
  deleteContactChannel,
  getContactChannel,
  listContactChannels,
  updateContactChannel,
} from "../../services/contact-channels/channels";
import { ChannelValueSchema, ContactChannelSchema, toContactChannel } from "./shapes";

const TAGS = ["Contact channels"];

const ListQuery = z.object({
  user_id: UserIdOrMe,
  contact_channel_id: z.uuid().optional(),
});

const ChannelParams = z.object({
  user_id: UserIdOrMe.openapi({ param: { name: "user_id", in: "path" } }),
  contact_channel_id: z.uuid().openapi({ param: { name: "contact_channel_id", in: "path" } }),
});

const CreateBody = z
  .strictObject({
    user_id: UserIdOrMe,
    value: ChannelValueSchema,
    type: z.literal("email"),
    used_for_auth: z.boolean(),
    is_primary: z.boolean().optional(),
    is_verified: z.boolean().optional().openapi({ description: "Server and admin access only." }),
  })
  .openapi("ContactChannelCreate");

const UpdateBody = z
  .strictObject({
    value: ChannelValueSchema.optional().openapi({ description: "A new value is unverified until verified again." }),
    type: z.literal("email").optional(),
    used_for_auth: z.boolean().optional(),
    is_primary: z.boolean().optional().openapi({ description: "Making a channel primary demotes the previous primary one." }),
    is_verified: z.boolean().optional().openapi({ description: "Server and admin access only." }),
  })
  .openapi("ContactChannelUpdate");

const ChannelListSchema = listSchema(ContactChannelSchema, "ContactChannelList");

const OWNER_ERRORS = ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED"] as const;
const USED_ELSEWHERE = "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE" as const;
const DUPLICATE = "CONTACT_CHANNEL_ALREADY_EXISTS" as const;
const NOT_THEIRS = "CONTACT_CHANNEL_NOT_FOUND" as const;

const listContactChannelsRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, "CLIENT_CANNOT_LIST_OTHER_USERS_CONTACT_CHANNELS"], {
  operationId: "listContactChannels",
  method: "get",
  path: "/contact-channels",
  tags: TAGS,
  summary: "List a user's contact channels",
  description: "With client access, `user_id` must be `me` (or the signed-in user's id).",
  request: { query: ListQuery },
  responses: { 200: jsonResponse(ChannelListSchema, "The user's channels") },
});

const createContactChannelRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, USED_ELSEWHERE, DUPLICATE], {
  operationId: "createContactChannel",
  method: "post",
  path: "/contact-channels",
  tags: TAGS,
  summary: "Add a contact channel to a user",
  request: { body: jsonBody(CreateBody) },
  responses: { 201: jsonResponse(ContactChannelSchema, "The new channel") },
}, { serverOnlyFields: ["is_verified"] });

const getContactChannelRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, NOT_THEIRS], {
  operationId: "getContactChannel",
  method: "get",
  path: "/contact-channels/{user_id}/{contact_channel_id}",
  tags: TAGS,
  summary: "Read a contact channel",
  request: { params: ChannelParams },
  responses: { 200: jsonResponse(ContactChannelSchema, "The channel") },
});

const updateContactChannelRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, USED_ELSEWHERE, DUPLICATE, NOT_THEIRS], {
  operationId: "updateContactChannel",
  method: "patch",
  path: "/contact-channels/{user_id}/{contact_channel_id}",
  tags: TAGS,
  summary: "Update a contact channel",
  request: { params: ChannelParams, body: jsonBody(UpdateBody) },
  responses: {
    200: jsonResponse(ContactChannelSchema, "The updated channel"),
  },
}, { serverOnlyFields: ["is_verified"] });

const deleteContactChannelRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, NOT_THEIRS], {
  operationId: "deleteContactChannel",
  method: "delete",
  path: "/contact-channels/{user_id}/{contact_channel_id}",
  tags: TAGS,
  summary: "Delete a contact channel",
  description: "Deleting the primary channel leaves the user without a primary e-mail.",
  request: { params: ChannelParams },
  responses: { 200: jsonResponse(SuccessSchema, "Deleted") },
});

export function registerContactChannelRoutes(router: Router): void {
  router.openapi(listContactChannelsRoute, async (c) => {
    const query = c.req.valid("query");
    const auth = c.var.auth;
    const userId = resolveListOwnerForAccess(auth, query.user_id, "CLIENT_CANNOT_LIST_OTHER_USERS_CONTACT_CHANNELS");
    const channels = await listContactChannels(c.var.deps, auth.tenancy, userId, query.contact_channel_id);
    return c.json({ items: channels.map(toContactChannel), is_paginated: false }, 200);
  });

  router.openapi(createContactChannelRoute, async (c) => {
    const body = c.req.valid("json");
    const auth = c.var.auth;
    const userId = resolveUserIdForAccess(auth, body.user_id);
    const channel = await createContactChannel(c.var.deps, auth.tenancy, userId, {
      type: body.type,
      value: body.value,
      usedForAuth: body.used_for_auth,
      isPrimary: body.is_primary,
      isVerified: body.is_verified,
    });
    return c.json(toContactChannel(channel), 201);
  });

  router.openapi(getContactChannelRoute, async (c) => {
    const params = c.req.valid("param");
    const auth = c.var.auth;
    const userId = resolveUserIdForAccess(auth, params.user_id);
    const channel = await getContactChannel(c.var.deps, auth.tenancy, userId, params.contact_channel_id);
    return c.json(toContactChannel(channel), 200);
  });

  router.openapi(updateContactChannelRoute, async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const auth = c.var.auth;
    const userId = resolveUserIdForAccess(auth, params.user_id);
    const channel = await updateContactChannel(c.var.deps, auth.tenancy, userId, params.contact_channel_id, {
      value: body.value,
      usedForAuth: body.used_for_auth,
      isPrimary: body.is_primary,
      isVerified: body.is_verified,
    });
    return c.json(toContactChannel(channel), 200);
  });

  router.openapi(deleteContactChannelRoute, async (c) => {
    const params = c.req.valid("param");
    const auth = c.var.auth;
    const userId = resolveUserIdForAccess(auth, params.user_id);
    await deleteContactChannel(c.var.deps, auth.tenancy, userId, params.contact_channel_id);
    return c.json({ success: true as const }, 200);
  });
}
