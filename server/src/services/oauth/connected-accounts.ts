/**
 * Connected accounts: the provider's access token for a user's linked account, so the app can
 * call the provider's API as the user (CONTRACT "connected-accounts").
 *
 * Tokens are kept sealed (accounts.ts). An access token is handed out while it has at least
 * a minute left and carries every scope asked for; otherwise a refresh token that was
 * granted those scopes buys a new one from the provider, server-side, and the new tokens are
 * kept (a provider that rotates refresh tokens gets its new one stored and the old one
 * dropped). A stored access token is first checked with the provider (its userinfo endpoint,
 * where it has one), since a user can revoke it before it expires. A refresh token the
 * provider refuses is dropped. Scopes no token was ever granted, and tokens the provider no
 * longer honours, answer OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: the user has to link
 * the provider again (authorize with `type=link&provider_scope=...`).
 */
import * as oidc from "openid-client";
import { deleteOAuthTokens, listOAuthTokens, listUserOAuthAccounts, type OAuthAccountRecord } from "../../db/queries/oauth";
import { findUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { storeProviderTokens } from "./accounts";
import { clientForProvider } from "./provider-client";
import type { OAuthProviderClient } from "./provider-types";
import { sharedKeysAvailable } from "./shared-provider";

/** An access token is not handed out with less than this left. */
const MIN_REMAINING_MS = 60_000;

const covers = (granted: readonly string[], wanted: readonly string[]) => wanted.every((scope) => granted.includes(scope));

export interface ConnectedAccount {
  userId: string;
  provider: string;
  providerAccountId: string;
}

export async function listConnectedAccounts(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<ConnectedAccount[]> {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  const accounts = await listUserOAuthAccounts(deps.db, tenancy, userId);
  return accounts
    .filter((account) => account.allowConnectedAccounts)
    .map((account) => ({ userId, provider: account.providerConfigId, providerAccountId: account.accountId }));
}

/** The user's accounts at the provider that serve as connected accounts (one, when `providerAccountId` names it). */
async function connectedAccounts(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  providerConfigId: string,
  providerAccountId: string | null,
): Promise<OAuthAccountRecord[]> {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  const providers = tenancy.config.auth.oauth.providers;
  const config = Object.hasOwn(providers, providerConfigId) ? providers[providerConfigId]! : null;
  if (!config) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  // Outside production shared keys sign in at a stand-in whose tokens are harmless to hand out.
  if (config.isShared && !sharedKeysAvailable(deps.settings)) throw new KnownError("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  const accounts = (await listUserOAuthAccounts(deps.db, tenancy, userId)).filter(
    (account) =>
      account.providerConfigId === providerConfigId &&
      account.allowConnectedAccounts &&
      (providerAccountId === null || account.accountId === providerAccountId),
  );
  if (accounts.length === 0) throw new KnownError("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
  return accounts;
}

/**
 * A live access token of the provider for the user's account, with every scope in `scope`.
 * Without `providerAccountId` (the legacy route) the user's accounts at the provider are tried
 * oldest first, and the first that yields a token wins.
 */
export async function connectedAccessToken(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { userId: string; providerConfigId: string; providerAccountId?: string; scope?: string },
): Promise<string> {
  const accounts = await connectedAccounts(deps, tenancy, input.userId, input.providerConfigId, input.providerAccountId ?? null);
  let refusal: unknown;
  for (const account of accounts) {
    try {
      return await accountAccessToken(deps, tenancy, account, input);
    } catch (error) {
      if (!(error instanceof KnownError) || error.code !== "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE") throw error;
      refusal ??= error;
    }
  }
  throw refusal;
}

/** The provider's answer when the account must be linked again: its tokens lack the scopes, or are dead. */
const linkAgain = () => new KnownError("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");

async function accountAccessToken(
  deps: ServiceDeps,
  tenancy: Tenancy,
  account: OAuthAccountRecord,
  input: { providerConfigId: string; scope?: string },
): Promise<string> {
  const wanted = (input.scope ?? "").split(/[\s,]+/).filter(Boolean);
  const soon = Date.now() + MIN_REMAINING_MS;
  const config = tenancy.config.auth.oauth.providers[input.providerConfigId]!;
  let client: OAuthProviderClient | null = null;
  const providerClient = async () => {
    client ??= await clientForProvider(deps.settings, input.providerConfigId, config).catch((error: unknown) => {
      if (error instanceof KnownError) throw error;
      throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
    });
    if (!client) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    return client;
  };

  const accessTokens = await listOAuthTokens(deps.db, tenancy, account.id, "access");
  const candidates = accessTokens.filter((token) => covers(token.scopes, wanted) && (token.expiresAt === null || token.expiresAt.getTime() > soon));
  for (const candidate of candidates) {
    const token = deps.providerTokenSeal.open(candidate.sealedToken);
    // A token revoked at the provider before it expires is dropped, and a refresh tried.
    if (await (await providerClient()).isAccessTokenLive(token).catch(() => true)) return token;
    await deleteOAuthTokens(deps.db, tenancy, [candidate.id]);
  }

  const refreshTokens = (await listOAuthTokens(deps.db, tenancy, account.id, "refresh")).filter((token) => covers(token.scopes, wanted));
  const stale = accessTokens.filter((token) => token.expiresAt !== null && token.expiresAt.getTime() <= Date.now()).map((token) => token.id);
  await deleteOAuthTokens(deps.db, tenancy, stale);
  if (refreshTokens.length === 0) throw linkAgain();

  const provider = await providerClient();
  for (const refresh of refreshTokens) {
    try {
      const tokens = await provider.refresh(deps.providerTokenSeal.open(refresh.sealedToken), refresh.scopes);
      // A provider that answers no scope granted what the refresh token had.
      const scopes = covers(tokens.scopes, refresh.scopes) ? tokens.scopes : refresh.scopes;
      const rotated = tokens.refreshToken !== null && tokens.refreshToken !== deps.providerTokenSeal.open(refresh.sealedToken);
      await deps.db.transaction(async (tx) => {
        await storeProviderTokens(deps, tx, tenancy, account.id, { ...tokens, scopes, refreshToken: rotated ? tokens.refreshToken : null });
        if (rotated) await deleteOAuthTokens(tx, tenancy, [refresh.id]);
      });
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError) {
        // invalid_grant, access_denied and their kin: this refresh token is done for.
        await deleteOAuthTokens(deps.db, tenancy, [refresh.id]);
        continue;
      }
      deps.log.warn("OAuth token refresh failed", { provider: input.providerConfigId, error: String(error) });
      throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
    }
  }
  throw linkAgain();
}
