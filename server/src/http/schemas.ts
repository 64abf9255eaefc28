import { z } from "@hono/zod-openapi";

/** Field rules shared by every area (SPEC §5, §9). */
export const MAX_EMAIL_LENGTH = 256;
export const MAX_DISPLAY_NAME_LENGTH = 256;
export const MAX_IMAGE_URL_LENGTH = 1_000_000;
export const MAX_IMAGE_BYTES = 100 * 1024;
/** URLs other than images (callbacks, redirects): longer ones are not links anyone types or mails. */
export const MAX_URL_LENGTH = 2048;
/**
 * The last millisecond of the year 9999. A JavaScript Date holds up to 8.64e15 (year 275760), but
 * past 9999 its ISO form needs a six-digit year that PostgreSQL does not read, and before 1970
 * no expiry means anything.
 */
export const MAX_DATE_MILLIS = 253_402_300_799_999;

export const EmailSchema = z
  .string()
  .trim()
  .max(MAX_EMAIL_LENGTH)
  .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(value) && !/\.\./.test(value.split("@")[1] ?? ""), {
    message: "Must be a valid e-mail address whose domain ends in a part of at least 2 characters",
  })
  .openapi({ example: "ada@example.com", format: "email" });

export const UrlSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine((value) => !/\s/.test(value) && URL.canParse(value), { message: "Must be a valid URL without spaces" })
  .openapi({ format: "uri" });

/** The app page a mailed link leads to; `?code=…` is appended. */
export const CallbackUrlSchema = UrlSchema.or(z.string().max(MAX_URL_LENGTH).startsWith("/")).openapi({
  description: "Where the mailed link leads; `?code=…` is appended. Relative, or on a trusted domain.",
});

export const UserIdOrMe = z.union([z.uuid(), z.literal("me")]).openapi({ description: "A user id, or `me` for the signed-in user." });

/** A URL or data URL for a profile image; an inline image must be under 100 KB. */
export const ImageUrlSchema = z
  .string()
  .max(MAX_IMAGE_URL_LENGTH)
  .refine((value) => !/\s/.test(value) && URL.canParse(value), { message: "Must be a valid URL without spaces" })
  .refine((value) => !value.startsWith("data:") || dataUrlBytes(value) < MAX_IMAGE_BYTES, {
    message: "Inline images must be smaller than 100 KB",
  })
  .openapi({ description: "Image URL (http(s) or data URL); inline images under 100 KB.", example: "https://example.com/ada.png" });

function dataUrlBytes(dataUrl: string): number {
  const payload = dataUrl.slice(dataUrl.indexOf(",") + 1);
  return dataUrl.includes(";base64,") ? Math.floor((payload.length * 3) / 4) : decodeURIComponent(payload).length;
}

export const DisplayNameSchema = z.string().max(MAX_DISPLAY_NAME_LENGTH);

/** Arbitrary JSON stored for the application; null when never set, so the document must not narrow its type. */
export const MetadataSchema = z.unknown().openapi({ description: "Any JSON value." });

/** The profile fields a user or team body may carry (a team's name is never null). */
interface ProfileBody<Name extends string | null> {
  display_name?: Name;
  profile_image_url?: string | null;
  client_metadata?: unknown;
  client_read_only_metadata?: unknown;
  server_metadata?: unknown;
}

/** A user or team body's profile fields, named as the services name them; an absent field stays undefined (unchanged). */
export function toProfileChanges<Name extends string | null>(body: ProfileBody<Name>) {
  return {
    displayName: body.display_name,
    profileImageUrl: body.profile_image_url,
    clientMetadata: body.client_metadata,
    clientReadOnlyMetadata: body.client_read_only_metadata,
    serverMetadata: body.server_metadata,
  };
}

/** A point in time as milliseconds since 1970, up to the end of the year 9999. */
export const MillisSchema = z.number().int().min(0).max(MAX_DATE_MILLIS);

export const UuidSchema = z.uuid();

export const SuccessSchema = z.object({ success: z.literal(true) }).openapi("Success");

/** `{}`, as a request body that carries nothing or an answer that says nothing more than its status. */
/** `{}` and nothing else: unknown keys are SCHEMA_ERROR, as in every request body (CONTRACT §1). */
export const EmptyObjectSchema = z.strictObject({}).openapi("EmptyObject");

export function listSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      is_paginated: z.boolean(),
      pagination: z.object({ next_cursor: z.string().nullable() }).optional(),
    })
    .openapi(name);
}
