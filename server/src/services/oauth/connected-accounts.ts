/**
 * Connected accounts: the provider's access token for a user's linked account, so the app can
 * call the provider's API as the user (CONTRACT "connected-accounts").
 *
 * Tokens are kept sealed (accounts.ts). An access token is handed out while it has at least
 * a minute left and carries every scope asked for; otherwise a refresh token that was
 * granted those scopes buys a new one from the provider, server-side, and the new tokens are
 * kept (a provider that rotates refresh tokens gets its new one stored and the old one
 * dropped). A refresh token the provider refuses is dropped. Scopes no token was ever
 * granted answer OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: the user has to link the
 * provider again asking for them (authorize with `type=link&provider_scope=...`).
 */
import * as oidc from "openid-client";
import { deleteOAuthTokens, listOAuthTokens, listUserOAuthAccounts, type OAuthAccountRecord } from "../../db/queries/oauth";
import { findUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";
import { storeProviderTokens } from "./accounts";
import { clientForProvider } from "./provider-client";

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

async function connectedAccount(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  providerConfigId: string,
  providerAccountId: string | null,
): Promise<OAuthAccountRecord> {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  const providers = tenancy.config.auth.oauth.providers;
  const config = Object.hasOwn(providers, providerConfigId) ? providers[providerConfigId]! : null;
  if (!config) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  if (config.isShared) throw new KnownError("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  const accounts = (await listUserOAuthAccounts(deps.db, tenancy, userId)).filter(
    (account) =>
      account.providerConfigId === providerConfigId &&
      account.allowConnectedAccounts &&
      (providerAccountId === null || account.accountId === providerAccountId),
  );
  if (accounts.length === 0) throw new KnownError("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
  return accounts[0]!;
}

/** A live access token of the provider for the user's account, with every scope in `scope`. */
export async function connectedAccessToken(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { userId: string; providerConfigId: string; providerAccountId?: string; scope?: string },
): Promise<string> {
  const account = await connectedAccount(deps, tenancy, input.userId, input.providerConfigId, input.providerAccountId ?? null);
  const wanted = (input.scope ?? "").split(/[\s,]+/).filter(Boolean);
  const soon = Date.now() + MIN_REMAINING_MS;

  const accessTokens = await listOAuthTokens(deps.db, tenancy, account.id, "access");
  const live = accessTokens.find((token) => covers(token.scopes, wanted) && (token.expiresAt === null || token.expiresAt.getTime() > soon));
  if (live) return deps.providerTokenSeal.open(live.sealedToken);

  const refreshTokens = (await listOAuthTokens(deps.db, tenancy, account.id, "refresh")).filter((token) => covers(token.scopes, wanted));
  const stale = accessTokens.filter((token) => token.expiresAt !== null && token.expiresAt.getTime() <= Date.now()).map((token) => token.id);
  await deleteOAuthTokens(deps.db, tenancy, stale);
  if (refreshTokens.length === 0) {
    const everGranted = accessTokens.some((token) => covers(token.scopes, wanted));
    if (!everGranted) throw new KnownError("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
    throw new KnownError("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE", { provider: input.providerConfigId, details: "the access token expired and the provider gave no refresh token" });
  }

  const config = tenancy.config.auth.oauth.providers[input.providerConfigId]!;
  const client = await clientForProvider(deps.settings, input.providerConfigId, config).catch(() => {
    throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
  });
  if (!client) throw new KnownError("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  for (const refresh of refreshTokens) {
    try {
      const tokens = await client.refresh(deps.providerTokenSeal.open(refresh.sealedToken), refresh.scopes);
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
        // invalid_grant and its kin: this refresh token is done for.
        await deleteOAuthTokens(deps.db, tenancy, [refresh.id]);
        continue;
      }
      deps.log.warn("OAuth token refresh failed", { provider: input.providerConfigId, error: String(error) });
      throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
    }
  }
  throw new KnownError("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE", { provider: input.providerConfigId, details: "the provider no longer accepts the refresh token; link the account again" });
}
