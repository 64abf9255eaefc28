/**
 * Who a provider account signs in as, or whom it is linked to, and the provider's tokens
 * kept for it.
 *
 * Signing in: a provider account that already signs in to a user is that user. Otherwise it
 * is a sign-up (refused when the project does not allow sign-up), unless its e-mail is
 * already some user's sign-in address; then the project's merge strategy decides:
 * - `link_method`: the provider account joins that user, but only when both sides have
 *   verified the address: the provider vouches for it (otherwise anyone could name someone's
 *   address at a provider that does not check it, and walk into their account), and the
 *   existing account verified it (otherwise whoever signed up with an address they do not own
 *   would get its owner's provider sign-in; that refusal says
 *   `would_work_if_email_was_verified`);
 * - `raise_error`: CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE;
 * - `allow_duplicates`: a new user, whose copy of the address is not used for sign-in (an
 *   address signs in to one account only).
 * A sign-up made by an anonymous user (whose access token started the flow) upgrades that user
 * instead of making a new one (auth/anonymous-upgrade.ts).
 *
 * Linking (a signed-in user adding a provider): a provider account that signs in to someone
 * else is refused, and so is a second account at the same provider for one user.
 *
 * Tokens are sealed with the server secret (a dump of the database shows none of them).
 */
import { refuseIfSsoRequired } from "../sso/enforcement";
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { isUniqueViolation } from "../../db/errors";
import {
  findAccountsByProviderAccount,
  findSignInAccount,
  insertOAuthAccount,
  insertOAuthToken,
  listUserOAuthAccounts,
  type OAuthAccountRecord,
} from "../../db/queries/oauth";
import { findAuthByEmail, findUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import { normalizeEmail } from "../auth/passwords";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { createUser } from "../users/user-changes";
import { isUpgradableAnonymousUser, upgradeAnonymousUser } from "../auth/anonymous-upgrade";
import { admitSignUp } from "../sign-up-rules/admission";
import type { ProviderProfile, ProviderTokens } from "./provider-types";

export interface ProviderIdentity {
  providerConfigId: string;
  profile: ProviderProfile;
  /** Null where the provider gave us no tokens (a native app's Apple identity token). */
  tokens: ProviderTokens | null;
}

/** Keeps a provider's tokens for an account, sealed. */
export async function storeProviderTokens(deps: ServiceDeps, q: Queryable, tenancy: Tenancy, accountRowId: string, tokens: ProviderTokens | null) {
  if (!tokens) return;
  await insertOAuthToken(q, tenancy, accountRowId, {
    id: newId(),
    kind: "access",
    sealedToken: deps.providerTokenSeal.seal(tokens.accessToken),
    scopes: tokens.scopes,
    expiresAt: tokens.expiresAt,
  });
  if (tokens.refreshToken) {
    await insertOAuthToken(q, tenancy, accountRowId, {
      id: newId(),
      kind: "refresh",
      sealedToken: deps.providerTokenSeal.seal(tokens.refreshToken),
      scopes: tokens.scopes,
      expiresAt: null,
    });
  }
}

function newAccount(identity: ProviderIdentity, userId: string, allowSignIn: boolean): Omit<OAuthAccountRecord, "createdAtMillis"> {
  return {
    id: newId(),
    userId,
    providerConfigId: identity.providerConfigId,
    accountId: identity.profile.accountId,
    email: identity.profile.email,
    allowSignIn,
    allowConnectedAccounts: true,
  };
}

function addressTaken(email: string, wouldWorkIfVerified: boolean) {
  return new KnownError("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", {
    type: "email",
    contact_channel_value: email,
    would_work_if_email_was_verified: wouldWorkIfVerified,
  });
}

/** Signs in or up with a provider account: the user, and whether this made them. */
export async function signInWithProviderAccount(
  deps: ServiceDeps,
  tenancy: Tenancy,
  identity: ProviderIdentity,
  /** `countryCode`: the caller's country, for the sign-up rules (ClientInfo.countryCode). */
  options: { currentUserId?: string | null; countryCode?: string | null } = {},
): Promise<{ userId: string; isNewUser: boolean }> {
  const { profile } = identity;
  const existing = await findSignInAccount(deps.db, tenancy, identity.providerConfigId, profile.accountId);
  if (existing) {
    await storeProviderTokens(deps, deps.db, tenancy, existing.id, identity.tokens);
    return { userId: existing.userId, isNewUser: false };
  }
  const email = profile.email ? normalizeEmail(profile.email) : null;
  // An address whose team requires SSO neither signs up nor links by provider.
  await refuseIfSsoRequired(deps, tenancy, email);
  const owner = email ? await findAuthByEmail(deps.db, tenancy, email) : null;
  let usedForAuth = email !== null;
  if (email && owner) {
    const strategy = tenancy.config.auth.oauth.accountMergeStrategy;
    if (strategy === "raise_error") throw addressTaken(email, false);
    if (strategy === "link_method") {
      if (!owner.emailVerified) throw addressTaken(email, true);
      if (!profile.emailVerified) throw addressTaken(email, false);
      await deps.db.transaction(async (tx) => {
        const account = newAccount(identity, owner.userId, true);
        await insertOAuthAccount(tx, tenancy, account);
        await storeProviderTokens(deps, tx, tenancy, account.id, identity.tokens);
      });
      return { userId: owner.userId, isNewUser: false };
    }
    usedForAuth = false;
  }
  if (!tenancy.config.auth.allowSignUp) throw new KnownError("SIGN_UP_NOT_ENABLED");
  const admission = await admitSignUp(deps, tenancy, {
    email,
    authMethod: "oauth",
    oauthProvider: identity.providerConfigId,
    countryCode: options.countryCode,
  });
  const displayName = profile.displayName?.slice(0, 256) ?? null;
  const profileImageUrl = profile.profileImageUrl && profile.profileImageUrl.length <= 2048 ? profile.profileImageUrl : null;
  const addAccount = (userId: string) => async (tx: Queryable) => {
    const account = newAccount(identity, userId, true);
    await insertOAuthAccount(tx, tenancy, account);
    await storeProviderTokens(deps, tx, tenancy, account.id, identity.tokens);
  };
  const address = email ? { primaryEmail: email, primaryEmailVerified: profile.emailVerified, primaryEmailAuthEnabled: usedForAuth } : {};
  try {
    // The token may predate an upgrade: only a user who is still anonymous is upgraded.
    if (options.currentUserId && (await isUpgradableAnonymousUser(deps, tenancy, options.currentUserId))) {
      const upgraded = await upgradeAnonymousUser(
        deps,
        tenancy,
        options.currentUserId,
        admission,
        // What the provider knows fills in; what the user set while anonymous stays.
        { ...(displayName ? { displayName } : {}), ...(profileImageUrl ? { profileImageUrl } : {}), ...address },
        addAccount(options.currentUserId),
      );
      return { userId: upgraded.id, isNewUser: true };
    }
    const user = await createUser(deps, tenancy, { ...admission, displayName, profileImageUrl, ...address }, (tx, userId) => addAccount(userId)(tx));
    return { userId: user.id, isNewUser: true };
  } catch (error) {
    // Another sign-in with the same provider account, or the same address, won the race.
    if (error instanceof KnownError && error.code === "USER_EMAIL_ALREADY_EXISTS" && email) throw addressTaken(email, false);
    if (isUniqueViolation(error)) throw new KnownError("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");
    throw error;
  }
}

/** Links a provider account to a signed-in user (or refreshes its tokens when it is linked already). */
export async function linkProviderAccount(deps: ServiceDeps, tenancy: Tenancy, userId: string, identity: ProviderIdentity): Promise<void> {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  const linked = await findAccountsByProviderAccount(deps.db, tenancy, identity.providerConfigId, identity.profile.accountId);
  const own = linked.find((account) => account.userId === userId);
  if (own) {
    await storeProviderTokens(deps, deps.db, tenancy, own.id, identity.tokens);
    return;
  }
  if (linked.some((account) => account.allowSignIn)) throw new KnownError("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");
  const mine = await listUserOAuthAccounts(deps.db, tenancy, userId);
  if (mine.some((account) => account.providerConfigId === identity.providerConfigId)) {
    throw new KnownError("USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION");
  }
  try {
    await deps.db.transaction(async (tx) => {
      const account = newAccount(identity, userId, true);
      await insertOAuthAccount(tx, tenancy, account);
      await storeProviderTokens(deps, tx, tenancy, account.id, identity.tokens);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new KnownError("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");
    throw error;
  }
}
