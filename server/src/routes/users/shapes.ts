import { z } from "@hono/zod-openapi";
import { MetadataSchema } from "../../http/schemas";
import type { RequestAuth } from "../../http/env";
import { restrictionRules, type RestrictionRules } from "../../services/users/restriction";

export { toClientTeam, toClientUser, toServerTeam, toServerUser } from "../../services/users/read-shapes";

/** The restriction rules of the caller's project, for the user shapes below. */
export const rulesOf = (auth: RequestAuth): RestrictionRules => restrictionRules(auth.tenancy.config);

export const ClientTeamSchema = z
  .object({
    id: z.uuid(),
    display_name: z.string(),
    profile_image_url: z.string().nullable(),
    client_metadata: MetadataSchema.nullable(),
    client_read_only_metadata: MetadataSchema.nullable(),
  })
  .openapi("ClientTeam");

export const ServerTeamSchema = ClientTeamSchema.extend({
  created_at_millis: z.number(),
  server_metadata: MetadataSchema.nullable(),
}).openapi("ServerTeam");

const RestrictedReasonSchema = z
  .object({ type: z.enum(["anonymous", "email_not_verified", "restricted_by_administrator"]) })
  .nullable();

const clientUserFields = {
  id: z.uuid(),
  primary_email: z.string().nullable(),
  primary_email_verified: z.boolean(),
  display_name: z.string().nullable(),
  client_metadata: MetadataSchema.nullable(),
  client_read_only_metadata: MetadataSchema.nullable(),
  profile_image_url: z.string().nullable(),
  signed_up_at_millis: z.number(),
  has_password: z.boolean(),
  auth_with_email: z.boolean(),
  oauth_providers: z.array(z.object({ id: z.string(), account_id: z.string(), email: z.string().nullable() })),
  selected_team_id: z.uuid().nullable(),
  requires_totp_mfa: z.boolean(),
  otp_auth_enabled: z.boolean(),
  passkey_auth_enabled: z.boolean(),
  is_anonymous: z.boolean(),
  is_restricted: z.boolean(),
  restricted_reason: RestrictedReasonSchema,
  restricted_by_admin: z.boolean(),
  restricted_by_admin_reason: z.string().nullable(),
};

export const ClientUserSchema = z
  // z.union with z.null(), not .nullable(): on a named schema the latter renders as an allOf that rejects null.
  .object({ ...clientUserFields, selected_team: z.union([ClientTeamSchema, z.null()]) })
  .openapi("ClientUser");

export const ServerUserSchema = z
  .object({
    ...clientUserFields,
    selected_team: z.union([ServerTeamSchema, z.null()]),
    primary_email_auth_enabled: z.boolean(),
    server_metadata: MetadataSchema.nullable(),
    last_active_at_millis: z.number(),
    restricted_by_admin_private_details: z.string().nullable(),
    country_code: z.string().nullable(),
    risk_scores: z.object({ sign_up: z.object({ bot: z.number(), free_trial_abuse: z.number() }) }),
  })
  .openapi("ServerUser");

export type ClientUser = z.infer<typeof ClientUserSchema>;
export type ServerUser = z.infer<typeof ServerUserSchema>;
