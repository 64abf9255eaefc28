/** A user as read from another platform's export, before it is written (services/import/). */
export interface ImportedUser {
  /** The user's id on the platform it comes from; the id given here is derived from it. */
  sourceId: string;
  /** An id to keep as it is (a Stack Auth export's UUIDs); otherwise one is derived. */
  id?: string;
  email?: string;
  emailVerified: boolean;
  displayName?: string;
  profileImageUrl?: string;
  /** In a form crypto/password.ts verifies (bcrypt, argon2, PBKDF2, Firebase scrypt). */
  passwordHash?: string;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  signedUpAt?: Date;
  oauthAccounts: Array<{ provider: string; accountId: string; email?: string }>;
  /** Teams the user is a member of, by the source's team id; a team not given in full is made with this name. */
  memberships: Array<{ sourceTeamId: string; teamId?: string; teamDisplayName?: string }>;
}

export interface ImportedTeam {
  sourceId: string;
  id?: string;
  displayName: string;
  profileImageUrl?: string;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  createdAt?: Date;
}
