import type { Team } from "../teams/team";

/** A user as services hand it to routes; routes shape responses from this, never from table rows. */
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
  oauthProviders: Array<{ id: string; account_id: string; email: string | null }>;
}
