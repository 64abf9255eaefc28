import { z } from "@hono/zod-openapi";
import { DisplayNameSchema, EmailSchema, ImageUrlSchema, MetadataSchema, toProfileChanges } from "../../http/schemas";
import { TOTP_SECRET_MAX_BYTES, TOTP_SECRET_MIN_BYTES, type UserChanges } from "../../services/users/user-changes";

const TOTP_SECRET_RULE = `the TOTP key, ${TOTP_SECRET_MIN_BYTES} to ${TOTP_SECRET_MAX_BYTES} raw bytes in standard base64 (padded)`;

// Checked here because every later sign-in depends on it: an empty or tiny key would turn
// two-factor sign-in on with a second factor anyone can guess.
const TotpSecretSchema = z
  .base64(`totp_secret_base64 must be ${TOTP_SECRET_RULE}`)
  .max(Math.ceil(TOTP_SECRET_MAX_BYTES / 3) * 4, `totp_secret_base64 must be ${TOTP_SECRET_RULE}`)
  .refine((value) => {
    const bytes = Buffer.from(value, "base64").length;
    return bytes >= TOTP_SECRET_MIN_BYTES && bytes <= TOTP_SECRET_MAX_BYTES;
  }, `totp_secret_base64 must be ${TOTP_SECRET_RULE}`)
  .openapi({
    description: `Turns two-factor sign-in on with ${TOTP_SECRET_RULE} (RFC 6238: SHA-1, 6 digits, 30 s); null turns it off.`,
    example: "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=",
  });

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
    .max(1000)
    .nullable()
    .openapi({ description: "For users moved from elsewhere: an argon2 hash in PHC format, a bcrypt hash ($2a$, $2b$, $2y$) of at most 2^14 rounds, PBKDF2 ($pbkdf2-sha1|sha256|sha512$i=...,l=...$salt$hash) or Firebase scrypt ($firebase-scrypt$r=...,m=...,sep=...,key=...$salt$hash). Replaced by argon2id at the first sign-in." }),
  otp_auth_enabled: z.boolean(),
  passkey_auth_enabled: z.boolean().openapi({
    description: "False removes the user's passkey. True only keeps one registered with POST /auth/passkey/register; without one it is SCHEMA_ERROR.",
  }),
  totp_secret_base64: TotpSecretSchema.nullable(),
  restricted_by_admin: z.boolean(),
  restricted_by_admin_reason: z.string().max(1000).nullable(),
  restricted_by_admin_private_details: z.string().max(10_000).nullable(),
  country_code: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "a 2-letter country code"))
    .nullable()
    .openapi({ description: "Where the user signed up from (ISO 3166-1 alpha-2); sign-ups record it when a trusted proxy says it." }),
  risk_scores: z
    .strictObject({ sign_up: z.strictObject({ bot: z.number().int().min(0).max(100), free_trial_abuse: z.number().int().min(0).max(100) }) })
    .openapi({ description: "Sign-up risk scores, 0 to 100 each; this server derives none, so sign-ups get 0 and 0." }),
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
    ...toProfileChanges(body),
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
    countryCode: body.country_code,
    signUpRiskScores: body.risk_scores?.sign_up,
  };
}
