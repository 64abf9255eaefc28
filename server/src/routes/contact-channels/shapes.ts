import { z } from "@hono/zod-openapi";
import { EmailSchema } from "../../http/schemas";
import type { ContactChannelRecord } from "../../services/contact-channels/channels";

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
