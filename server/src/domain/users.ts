import type { Team } from "./teams";

/**
 * A user as one read gives it (db/queries/users.ts maps the row, its primary e-mail, selected
 * team and linked accounts to this once); services and routes use it as it is, and routes
 * shape responses from it, never from table rows.
 */
export interface User {
  id: string;
  displayName: string | null;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  selectedTeam: Team | null;
  isAnonymous: boolean;
  hasPassword: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  requiresTotpMfa: boolean;
  restrictedByAdmin: boolean;
  restrictedByAdminReason: string | null;
  restrictedByAdminPrivateDetails: string | null;
  countryCode: string | null;
  /** 0 to 100 each; this server derives none, so they are what server access set, else 0. */
  signUpRiskScores: { bot: number; free_trial_abuse: number };
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  primaryEmailAuthEnabled: boolean;
  signedUpAtMillis: number;
  lastActiveAtMillis: number;
  /** The provider accounts linked to the user (config id, account id, e-mail), oldest first. */
  oauthProviders: Array<{ id: string; account_id: string; email: string | null }>;
}
