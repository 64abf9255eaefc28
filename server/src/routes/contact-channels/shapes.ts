import { z } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { requireUser } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import { KnownErrorBody } from "../../http/openapi";
import { EmailSchema, UrlSchema } from "../../http/schemas";
import type { ContactChannelRecord } from "../../services/contact-channels/channels";
import { channelOfOtherUser, ContactChannelProblem } from "../../services/contact-channels/problems";

export const ContactChannelSchema = z
  .object({
    user_id: z.uuid(),
    id: z.uuid(),
    value: z.string(),
    type: z.literal("email"),
    used_for_auth: z.boolean(),
    is_verified: z.boolean(),
    is_primary: z.boolean(),
  })
  .openapi("ContactChannel");

export type ContactChannel = z.infer<typeof ContactChannelSchema>;

export function toContactChannel(channel: ContactChannelRecord): ContactChannel {
  return {
    user_id: channel.userId,
    id: channel.id,
    value: channel.value,
    type: channel.type,
    used_for_auth: channel.usedForAuth,
    is_verified: channel.isVerified,
    is_primary: channel.isPrimary,
  };
}

export const ChannelValueSchema = EmailSchema.openapi({ description: "The e-mail address." });
export const CallbackUrlSchema = UrlSchema.or(z.string().startsWith("/")).openapi({
  description: "Where the mailed link leads; `?code=…` is appended. Relative, or on a trusted domain.",
});

export const UserIdOrMe = z.union([z.uuid(), z.literal("me")]).openapi({ description: "A user id, or `me` for the signed-in user." });

/** A refusal without a known-error code: `{error}` only, as the platform answers it. */
const PlainErrorBody = z.object({ error: z.string() }).openapi("PlainError");

const PLAIN_TEXT: Record<403 | 404 | 409, string> = {
  403: "client access names another user",
  404: "contact channel not found (or, for a code, no longer there with that address)",
  409: "the user already has a channel with this value",
};

/**
 * Declares this area's plain refusals on a created route: the entry for each status keeps
 * its known-error codes and also admits the plain `{error}` body.
 */
export function withPlainErrors<R extends { responses: Record<string | number, unknown> }>(route: R, statuses: ReadonlyArray<403 | 404 | 409>): R {
  const responses = route.responses as Record<string | number, { description: string; content?: unknown }>;
  for (const status of statuses) {
    const existing = responses[status];
    responses[status] = {
      description: existing ? `${existing.description}; or, without a code, ${PLAIN_TEXT[status]}` : `Without a code: ${PLAIN_TEXT[status]}`,
      content: { "application/json": { schema: z.union([KnownErrorBody, PlainErrorBody]) } },
    };
  }
  return route;
}

/**
 * The user whose channels the request names: `me` is the signed-in user; with client access
 * only the signed-in user may be named.
 */
export function resolveChannelOwner(auth: RequestAuth, userId: string): string {
  if (userId === "me") return requireUser(auth, true).sub;
  if (auth.type === "client") {
    const user = requireUser(auth);
    if (user.sub !== userId) throw asHttp(channelOfOtherUser());
  }
  return userId;
}

function asHttp(problem: ContactChannelProblem): HTTPException {
  return new HTTPException(problem.status, { message: problem.message });
}

/** Runs a service call, turning its plain refusals into HTTP answers. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ContactChannelProblem) throw asHttp(error);
    throw error;
  }
}

