/**
 * The read shapes of users and teams as the API and webhooks send them (snake_case, SPEC §3).
 * The routes' zod schemas document them; the compiler checks these mappers against them.
 */
import type { Team } from "../../domain/teams";
import type { User } from "../../domain/users";
import { restrictionOf, type RestrictionRules } from "./restriction";

export function toClientTeam(team: Team) {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: team.clientMetadata ?? null,
    client_read_only_metadata: team.clientReadOnlyMetadata ?? null,
  };
}

export function toServerTeam(team: Team) {
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
    // Whether an e-mail-based method (password or code) is on, as Stack Auth computes it; the
    // address used to sign in with them is primary_email_auth_enabled's business.
    auth_with_email: user.hasPassword || user.otpAuthEnabled,
    oauth_providers: user.oauthProviders,
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

export function toClientUser(user: User, rules: RestrictionRules) {
  return { ...clientUserBase(user, rules), selected_team: user.selectedTeam ? toClientTeam(user.selectedTeam) : null };
}

export function toServerUser(user: User, rules: RestrictionRules) {
  return {
    ...clientUserBase(user, rules),
    selected_team: user.selectedTeam ? toServerTeam(user.selectedTeam) : null,
    primary_email_auth_enabled: user.primaryEmailAuthEnabled,
    server_metadata: user.serverMetadata ?? null,
    last_active_at_millis: user.lastActiveAtMillis,
    restricted_by_admin_private_details: user.restrictedByAdminPrivateDetails,
    country_code: user.countryCode,
    risk_scores: { sign_up: user.signUpRiskScores },
  };
}
