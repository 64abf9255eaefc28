/**
 * Creating and changing users, shared by the server API (every field) and the signed-in
 * user (their own profile fields). Every multi-row change runs in one transaction; an
 * e-mail already used for sign-in by someone else is refused by the database's unique
 * index, which we translate to USER_EMAIL_ALREADY_EXISTS.
 */
import { autoJoinVerifiedDomainTeam } from "../sso/auto-join";
import { recordUserChanged, recordUserCreated } from "./user-audit-events";
import { hashPassword, isImportablePasswordHash } from "../../crypto/password";
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { isUniqueViolation } from "../../db/errors";
import { removeUserCredentials, userHasCredential } from "../../db/queries/passkeys";
import { isTeamMember } from "../../db/queries/teams";
import {
  findUser,
  insertUser,
  lockUser,
  demotePrimaryEmail,
  findPrimaryEmail,
  makePrimaryEmail,
  updatePrimaryEmailFlags,
  updateUserProfile,
  type UserProfileChanges,
} from "../../db/queries/users";
import { KnownError } from "../../errors";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import { assertPasswordAcceptable, normalizeEmail } from "../auth/passwords";
import type { ServiceDeps } from "../deps";
import { grantDefaultPermissions } from "../permissions/defaults";
import { createTeamForCreator, namePersonalTeamAfterUpgrade, personalTeamName } from "../teams/team-membership";
import type { Tenancy } from "../projects/tenancy";
import type { User } from "../../domain/users";
import { recordUserEvent } from "../webhooks/events";

/** The key sizes `totpSecretBase64` may decode to; the route schemas check them. */
export { TOTP_SECRET_MAX_BYTES, TOTP_SECRET_MIN_BYTES } from "../../crypto/totp";

/**
 * A change to a user: the stored profile fields as they are stored, and the fields this
 * service turns into stored ones (the primary e-mail's channel, a password to hash, a TOTP
 * secret to seal, the sign-up risk scores).
 */
export type UserChanges = Omit<UserProfileChanges, "totpSecretEncrypted" | "signUpRiskBot" | "signUpRiskFreeTrialAbuse"> & {
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  password?: string | null;
  totpSecretBase64?: string | null;
  signUpRiskScores?: { bot: number; free_trial_abuse: number };
};

/** Work that must happen before the transaction: hashing and sealing secrets. */
async function prepareSecrets(deps: ServiceDeps, changes: UserChanges): Promise<Partial<UserProfileChanges>> {
  const prepared: Partial<UserProfileChanges> = {};
  if (changes.password !== undefined && changes.passwordHash !== undefined) throw new KnownError("PASSWORD_AND_PASSWORD_HASH");
  if (changes.passwordHash && !isImportablePasswordHash(changes.passwordHash)) throw new KnownError("UNSUPPORTED_PASSWORD_HASH");
  if (changes.password !== undefined) {
    if (changes.password !== null) assertPasswordAcceptable(changes.password);
    prepared.passwordHash = changes.password === null ? null : await hashPassword(changes.password);
  } else if (changes.passwordHash !== undefined) {
    prepared.passwordHash = changes.passwordHash;
  }
  if (changes.totpSecretBase64 !== undefined) {
    prepared.totpSecretEncrypted = changes.totpSecretBase64 === null ? null : deps.totpSecrets.seal(changes.totpSecretBase64);
  }
  return prepared;
}

/**
 * A restriction's reason and private details go only with the restriction (as in Stack Auth):
 * giving either to a user who is not, or will not be, restricted is SCHEMA_ERROR, lifting a
 * restriction clears both, and an empty string is no text.
 */
function checkedRestriction(changes: UserChanges, currentlyRestricted: boolean): UserChanges {
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
  const reason = text(changes.restrictedByAdminReason);
  const details = text(changes.restrictedByAdminPrivateDetails);
  if (changes.restrictedByAdmin ?? currentlyRestricted) {
    return { ...changes, restrictedByAdminReason: reason, restrictedByAdminPrivateDetails: details };
  }
  for (const [field, value] of [["restricted_by_admin_reason", reason], ["restricted_by_admin_private_details", details]] as const) {
    if (value != null) throw new KnownError("SCHEMA_ERROR", { message: `body.${field}: only a restricted user (restricted_by_admin true) has one` });
  }
  return changes.restrictedByAdmin === false ? { ...changes, restrictedByAdminReason: null, restrictedByAdminPrivateDetails: null } : changes;
}

function emailTaken(email: string) {
  return new KnownError("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: false });
}

async function applyChanges(
  tx: Queryable,
  tenancy: Tenancy,
  userId: string,
  changes: UserChanges,
  secrets: Partial<UserProfileChanges>,
): Promise<void> {
  if (!(await lockUser(tx, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  if (changes.selectedTeamId && !(await isTeamMember(tx, tenancy, changes.selectedTeamId, userId))) {
    throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: changes.selectedTeamId, user_id: userId });
  }
  await applyPasskeySwitch(tx, tenancy, userId, changes.passkeyAuthEnabled);
  await updateUserProfile(tx, tenancy, userId, {
    // An empty name is no name, as Stack Auth stores it.
    displayName: changes.displayName === "" ? null : changes.displayName,
    profileImageUrl: changes.profileImageUrl,
    clientMetadata: changes.clientMetadata,
    clientReadOnlyMetadata: changes.clientReadOnlyMetadata,
    serverMetadata: changes.serverMetadata,
    selectedTeamId: changes.selectedTeamId,
    otpAuthEnabled: changes.otpAuthEnabled,
    isAnonymous: changes.isAnonymous,
    restrictedByAdmin: changes.restrictedByAdmin,
    restrictedByAdminReason: changes.restrictedByAdminReason,
    restrictedByAdminPrivateDetails: changes.restrictedByAdminPrivateDetails,
    countryCode: changes.countryCode,
    signUpRiskBot: changes.signUpRiskScores?.bot,
    signUpRiskFreeTrialAbuse: changes.signUpRiskScores?.free_trial_abuse,
    ...secrets,
  });
  await applyPrimaryEmail(tx, tenancy, userId, changes);
}

/**
 * The primary e-mail, as Stack Auth treats it: a new address becomes a new channel (or
 * promotes the user's own channel with that address), and the old primary stays as a
 * secondary channel; null demotes it without deleting it. Whether the address signs in
 * follows what is given, else what the primary had (false for a new user); a user left
 * without a primary e-mail cannot have it verified or signing in.
 */
async function applyPrimaryEmail(tx: Queryable, tenancy: Tenancy, userId: string, changes: UserChanges): Promise<void> {
  const { primaryEmail, primaryEmailVerified, primaryEmailAuthEnabled } = changes;
  if (primaryEmail === undefined && primaryEmailVerified === undefined && primaryEmailAuthEnabled === undefined) return;
  const current = await findPrimaryEmail(tx, tenancy, userId);
  const removing = primaryEmail === null;
  const email = primaryEmail === undefined ? (current?.value ?? null) : primaryEmail === null ? null : normalizeEmail(primaryEmail);
  const usedForAuth = removing ? false : (primaryEmailAuthEnabled ?? current?.usedForAuth ?? false);
  if (email === null && !removing) {
    if (usedForAuth) throw new KnownError("PRIMARY_EMAIL_AUTH_WITHOUT_PRIMARY_EMAIL");
    if (primaryEmailVerified) throw new KnownError("PRIMARY_EMAIL_VERIFIED_WITHOUT_PRIMARY_EMAIL");
  }
  if (removing) return demotePrimaryEmail(tx, tenancy, userId);
  if (email !== null && email !== current?.value) {
    return makePrimaryEmail(tx, tenancy, userId, { id: newId(), value: email, isVerified: primaryEmailVerified, usedForAuth });
  }
  await updatePrimaryEmailFlags(tx, tenancy, userId, { isVerified: primaryEmailVerified, usedForAuth: primaryEmailAuthEnabled });
}

/**
 * `passkey_auth_enabled` says whether the user has a passkey (as in Stack Auth): false removes
 * it; true is accepted only when there is one, since a passkey comes into being only through
 * POST /auth/passkey/register.
 */
async function applyPasskeySwitch(tx: Queryable, tenancy: Tenancy, userId: string, enabled: boolean | undefined): Promise<void> {
  if (enabled === false) await removeUserCredentials(tx, tenancy, userId);
  if (enabled === true && !(await userHasCredential(tx, tenancy, userId))) {
    throw new KnownError("SCHEMA_ERROR", {
      message: "body.passkey_auth_enabled: true needs a registered passkey; register one with POST /auth/passkey/register",
    });
  }
}

/**
 * Runs `work`, answering a unique violation on the sign-in address index with `conflict`:
 * the address is someone else's sign-in address. The user's own row lock (applyChanges) keeps
 * their other indexes from racing, so this is the only violation left to translate.
 */
async function translateConflicts<T>(conflict: KnownError | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) && conflict) throw conflict;
    throw error;
  }
}

/** The known error for losing the sign-in address to another user, given what the change asked for. */
function addressConflict(changes: UserChanges, current: User | null): KnownError | undefined {
  if (changes.primaryEmail) return emailTaken(normalizeEmail(changes.primaryEmail));
  if (changes.primaryEmail === undefined && changes.primaryEmailAuthEnabled && current?.primaryEmail) {
    return new KnownError("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", {
      type: "email",
      contact_channel_value: current.primaryEmail,
      would_work_if_email_was_verified: false,
    });
  }
  return undefined;
}

/**
 * `alsoInTransaction` adds rows that must exist with the user or not at all (a sign-in method).
 * The user is returned as it stood before its personal team was made (no selected team), which
 * is how Stack Auth answers a created user; the team is there for every later read.
 */
export async function createUser(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: UserChanges,
  alsoInTransaction?: (tx: Queryable, userId: string) => Promise<void>,
  /** `personalTeam: false`: no personal team even where the project makes them (a user a team's SCIM directory provisions belongs to that team). */
  options: { personalTeam?: boolean } = {},
): Promise<User> {
  input = checkedRestriction(input, false);
  const secrets = await prepareSecrets(deps, input);
  const userId = newId();
  return translateConflicts(addressConflict(input, null), () =>
    deps.db.transaction(async (tx) => {
      await insertUser(tx, tenancy, { id: userId, isAnonymous: input.isAnonymous ?? false });
      await applyChanges(tx, tenancy, userId, { ...input, isAnonymous: undefined }, secrets);
      await alsoInTransaction?.(tx, userId);
      await grantDefaultPermissions(tx, tenancy, "signUp", userId);
      const asCreated = (await findUser(tx, tenancy, userId))!;
      // Anonymous users get one too, unnamed until they upgrade (namePersonalTeamAfterUpgrade), as in Stack Auth.
      if (tenancy.config.teams.createPersonalTeamOnSignUp && options.personalTeam !== false) {
        await createTeamForCreator(tx, tenancy, userId, {
          displayName: personalTeamName(input.displayName ?? null, input.primaryEmail ?? null),
        });
      }
      if (input.primaryEmail && input.primaryEmailVerified) await autoJoinVerifiedDomainTeam(tx, tenancy, userId, input.primaryEmail);
      await recordUserEvent(tx, tenancy, "user.created", userId);
      await recordUserCreated(deps, tx, tenancy, userId, input);
      return asCreated;
    }),
  );
}

/** `alsoInTransaction` runs with the changes, in their transaction (an upgrade's sign-in method). */
export async function updateUser(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  changes: UserChanges,
  alsoInTransaction?: (tx: Queryable) => Promise<void>,
): Promise<User> {
  const current = await findUser(deps.db, tenancy, userId);
  if (!current) throw new KnownError("USER_NOT_FOUND");
  changes = checkedRestriction(changes, current.restrictedByAdmin);
  const secrets = await prepareSecrets(deps, changes);
  await translateConflicts(addressConflict(changes, current), () =>
    unlessDeletedMeanwhile(
      () =>
        deps.db.transaction(async (tx) => {
          await applyChanges(tx, tenancy, userId, changes, secrets);
          await alsoInTransaction?.(tx);
          if (current.isAnonymous && changes.isAnonymous === false) {
            await namePersonalTeamAfterUpgrade(tx, tenancy, userId, {
              displayName: changes.displayName ?? current.displayName,
              email: changes.primaryEmail ?? null,
            });
          }
          await recordUserEvent(tx, tenancy, "user.updated", userId);
          await recordUserChanged(deps, tx, tenancy, userId, changes);
        }),
      () => new KnownError("USER_NOT_FOUND"),
    ),
  );
  // A delete can land between the update and this read.
  const updated = await findUser(deps.db, tenancy, userId);
  if (!updated) throw new KnownError("USER_NOT_FOUND");
  return updated;
}
