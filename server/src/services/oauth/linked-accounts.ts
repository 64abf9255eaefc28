/**
 * A user's provider accounts as a resource (SPEC §3 "OAuth provider", CONTRACT
 * "oauth-providers"): listed, read, changed and removed by the user or the app's server;
 * created by the server for accounts made elsewhere. A provider account signs in to one user
 * at most, so allowing sign-in where another user already signs in with the same account is
 * OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN; and a user signs in with one account per
 * provider (more may serve as connected accounts). As in Stack Auth, a link the user does not
 * have, a provider the project does not have, and a second sign-in account are answered in
 * plain text (404, 404, 400). Links outlive their provider's configuration: they are still
 * listed, read and removed when the provider is gone.
 */
import { newId } from "../../crypto/random";
import { isUniqueViolation } from "../../db/errors";
import {
  deleteOAuthAccount,
  findSignInAccount,
  findUserOAuthAccount,
  insertOAuthAccount,
  listProjectOAuthAccounts,
  listUserOAuthAccounts,
  updateOAuthAccount,
  type OAuthAccountRecord,
} from "../../db/queries/oauth";
import { findUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export interface LinkedAccount extends OAuthAccountRecord {
  /** The provider's type (`github`, `oidc`...), from the project config; the config id when it is gone. */
  type: string;
}

function withType(tenancy: Tenancy, account: OAuthAccountRecord): LinkedAccount {
  const providers = tenancy.config.auth.oauth.providers;
  const config = Object.hasOwn(providers, account.providerConfigId) ? providers[account.providerConfigId] : undefined;
  return { ...account, type: config?.type || account.providerConfigId };
}

async function assertUser(deps: ServiceDeps, tenancy: Tenancy, userId: string) {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
}

async function assertSignInFree(deps: ServiceDeps, tenancy: Tenancy, providerConfigId: string, accountId: string, exceptId: string | null) {
  const holder = await findSignInAccount(deps.db, tenancy, providerConfigId, accountId);
  if (holder && holder.id !== exceptId) throw new KnownError("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
}

/** The sign-in index can still refuse a write that raced past the check. */
async function translateSignInConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new KnownError("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
    throw error;
  }
}

export async function listLinkedAccounts(deps: ServiceDeps, tenancy: Tenancy, userId: string | null): Promise<LinkedAccount[]> {
  if (userId) await assertUser(deps, tenancy, userId);
  const accounts = userId ? await listUserOAuthAccounts(deps.db, tenancy, userId) : await listProjectOAuthAccounts(deps.db, tenancy);
  return accounts.map((account) => withType(tenancy, account));
}

const notLinked = (userId: string, id: string) => new KnownError("LINKED_ACCOUNT_NOT_FOUND", { user_id: userId, account_id: id });

export async function getLinkedAccount(deps: ServiceDeps, tenancy: Tenancy, userId: string, id: string): Promise<LinkedAccount> {
  await assertUser(deps, tenancy, userId);
  const account = await findUserOAuthAccount(deps.db, tenancy, userId, id);
  if (!account) throw notLinked(userId, id);
  return withType(tenancy, account);
}

/** A user signs in with one account per provider: refused when another of theirs already does. */
async function assertOneSignInPerProvider(deps: ServiceDeps, tenancy: Tenancy, userId: string, providerConfigId: string, exceptId: string | null) {
  const mine = await listUserOAuthAccounts(deps.db, tenancy, userId);
  if (mine.some((account) => account.providerConfigId === providerConfigId && account.allowSignIn && account.id !== exceptId)) {
    throw new KnownError("LINKED_ACCOUNT_SIGN_IN_TAKEN");
  }
}

/** A provider account to link: a stored account's fields but its id and creation time, which linking gives it. */
export type LinkedAccountInput = Omit<OAuthAccountRecord, "id" | "createdAtMillis">;

export async function createLinkedAccount(deps: ServiceDeps, tenancy: Tenancy, input: LinkedAccountInput): Promise<LinkedAccount> {
  if (!Object.hasOwn(tenancy.config.auth.oauth.providers, input.providerConfigId)) {
    throw new KnownError("LINKED_ACCOUNT_PROVIDER_NOT_FOUND", { provider_config_id: input.providerConfigId });
  }
  if (!(await findUser(deps.db, tenancy, input.userId))) throw new KnownError("USER_ID_DOES_NOT_EXIST", { user_id: input.userId });
  if (input.allowSignIn) {
    await assertOneSignInPerProvider(deps, tenancy, input.userId, input.providerConfigId, null);
    await assertSignInFree(deps, tenancy, input.providerConfigId, input.accountId, null);
  }
  const id = newId();
  await translateSignInConflict(() => insertOAuthAccount(deps.db, tenancy, { id, ...input }));
  return getLinkedAccount(deps, tenancy, input.userId, id);
}

export async function updateLinkedAccount(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  id: string,
  changes: { email?: string | null; accountId?: string; allowSignIn?: boolean; allowConnectedAccounts?: boolean },
): Promise<LinkedAccount> {
  const current = await getLinkedAccount(deps, tenancy, userId, id);
  const allowSignIn = changes.allowSignIn ?? current.allowSignIn;
  const accountId = changes.accountId ?? current.accountId;
  if (allowSignIn) {
    await assertOneSignInPerProvider(deps, tenancy, userId, current.providerConfigId, id);
    await assertSignInFree(deps, tenancy, current.providerConfigId, accountId, id);
  }
  await translateSignInConflict(() => updateOAuthAccount(deps.db, tenancy, id, changes));
  return getLinkedAccount(deps, tenancy, userId, id);
}

/** Removes the link and the provider's tokens kept for it. */
export async function deleteLinkedAccount(deps: ServiceDeps, tenancy: Tenancy, userId: string, id: string): Promise<void> {
  await getLinkedAccount(deps, tenancy, userId, id);
  if (!(await deleteOAuthAccount(deps.db, tenancy, id))) throw notLinked(userId, id);
}
