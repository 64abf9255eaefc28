import { z } from "@hono/zod-openapi";
import { DisplayNameSchema, EmailSchema, ImageUrlSchema, MetadataSchema } from "../../http/schemas";
import type { UserChanges } from "../../services/users/user-changes";

const profileFields = {
  display_name: DisplayNameSchema.nullable(),
  profile_image_url: ImageUrlSchema.nullable(),
  client_metadata: MetadataSchema,
  client_read_only_metadata: MetadataSchema,
  server_metadata: MetadataSchema,
  primary_email: EmailSchema.nullable(),
  primary_email_verified: z.boolean(),
  primary_email_auth_enabled: z.boolean(),
  password: z.string().nullable().openapi({ description: "8 to 70 characters; null removes the password." }),
  password_hash: z
    .string()
    .regex(/^\$argon2(id|i|d)\$/, "Only argon2 PHC hashes can be imported")
    .nullable(),
  otp_auth_enabled: z.boolean(),
  passkey_auth_enabled: z.boolean(),
  totp_secret_base64: z.base64().nullable().openapi({ description: "TOTP secret; null turns two-factor sign-in off." }),
  restricted_by_admin: z.boolean(),
  restricted_by_admin_reason: z.string().max(1000).nullable(),
  restricted_by_admin_private_details: z.string().max(10_000).nullable(),
};

export const ServerUserUpdateSchema = z
  .strictObject({
    ...profileFields,
    selected_team_id: z.uuid().nullable(),
    is_anonymous: z.literal(false).openapi({ description: "Set false to turn an anonymous user into a regular one." }),
  })
  .partial()
  .openapi("ServerUserUpdate");

export const ServerUserCreateSchema = z
  .strictObject({ ...profileFields, is_anonymous: z.boolean() })
  .partial()
  .openapi("ServerUserCreate");

/** The fields a signed-in user may change on themselves with client access. */
export const CLIENT_WRITABLE_USER_FIELDS = [
  "display_name",
  "profile_image_url",
  "client_metadata",
  "selected_team_id",
  "totp_secret_base64",
  "otp_auth_enabled",
  "passkey_auth_enabled",
  "primary_email",
] as const;

type UserWrite = Omit<z.infer<typeof ServerUserUpdateSchema>, "is_anonymous"> & { is_anonymous?: boolean };

export function toUserChanges(body: UserWrite): UserChanges {
  return {
    displayName: body.display_name,
    profileImageUrl: body.profile_image_url,
    clientMetadata: body.client_metadata,
    clientReadOnlyMetadata: body.client_read_only_metadata,
    serverMetadata: body.server_metadata,
    selectedTeamId: body.selected_team_id,
    primaryEmail: body.primary_email,
    primaryEmailVerified: body.primary_email_verified,
    primaryEmailAuthEnabled: body.primary_email_auth_enabled,
    password: body.password,
    passwordHash: body.password_hash,
    otpAuthEnabled: body.otp_auth_enabled,
    passkeyAuthEnabled: body.passkey_auth_enabled,
    totpSecretBase64: body.totp_secret_base64,
    isAnonymous: body.is_anonymous,
    restrictedByAdmin: body.restricted_by_admin,
    restrictedByAdminReason: body.restricted_by_admin_reason,
    restrictedByAdminPrivateDetails: body.restricted_by_admin_private_details,
  };
}
