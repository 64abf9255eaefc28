import { z } from "@hono/zod-openapi";
import type { Team } from "../../services/teams/team";
import type { User } from "../../services/users/user";
import { MetadataSchema } from "../../http/schemas";
import type { RequestAuth } from "../../http/env";
import { restrictionOf, restrictionRules, type RestrictionRules } from "../../services/users/restriction";

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

export function toClientTeam(team: Team): z.infer<typeof ClientTeamSchema> {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: team.clientMetadata ?? null,
    client_read_only_metadata: team.clientReadOnlyMetadata ?? null,
  };
}

export function toServerTeam(team: Team): z.infer<typeof ServerTeamSchema> {
  return { ...toClientTeam(team), created_at_millis: team.createdAtMillis, server_metadata: team.serverMetadata ?? null };
}

function clientUserBase(user: User, rules: RestrictionRules) {
  const restriction = restrictionOf(user, rules);
  return {
    id: user.id,
    primary_email: user.primaryEmail,
    primary_email_verified: user.primaryEmailVerified,
    display_name: user.displayName,
    client_metadata: user.clientMetadata ?? null,
    client_read_only_metadata: user.clientReadOnlyMetadata ?? null,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: user.signedUpAtMillis,
    has_password: user.hasPassword,
    auth_with_email: user.primaryEmailAuthEnabled && (user.hasPassword || user.otpAuthEnabled),
    oauth_providers: [],
    selected_team_id: user.selectedTeam?.id ?? null,
    requires_totp_mfa: user.requiresTotpMfa,
    otp_auth_enabled: user.otpAuthEnabled,
    passkey_auth_enabled: user.passkeyAuthEnabled,
    is_anonymous: user.isAnonymous,
    is_restricted: restriction !== null,
    restricted_reason: restriction,
    restricted_by_admin: user.restrictedByAdmin,
    restricted_by_admin_reason: user.restrictedByAdminReason,
  };
}

export function toClientUser(user: User, rules: RestrictionRules): ClientUser {
  return { ...clientUserBase(user, rules), selected_team: user.selectedTeam ? toClientTeam(user.selectedTeam) : null };
}

export function toServerUser(user: User, rules: RestrictionRules): ServerUser {
  return {
    ...clientUserBase(user, rules),
    selected_team: user.selectedTeam ? toServerTeam(user.selectedTeam) : null,
    primary_email_auth_enabled: user.primaryEmailAuthEnabled,
    server_metadata: user.serverMetadata ?? null,
    last_active_at_millis: user.lastActiveAtMillis,
    restricted_by_admin_private_details: user.restrictedByAdminPrivateDetails,
    country_code: user.countryCode,
    risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
  };
}
