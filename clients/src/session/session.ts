/**
 * The browser's hold on a signed-in session. It keeps the access token (a short-lived
 * JWT) and the refresh token (the session itself) in an injectable storage, localStorage
 * by default. An access token is handed out only while it has more than 20 s to live;
 * otherwise one refresh runs and every concurrent caller waits for that same refresh,
 * so a page that fires ten queries at once spends one refresh token exchange. When the
 * server says the refresh token is unknown or revoked, both tokens are dropped: the
 * session is over and the user is signed out. Other refresh failures leave the tokens in
 * place, since a flaky network must not sign anyone out.
 */
import { API_BASE_PATH, toApiBaseUrl } from "./api-base-url";
import { isKnownError } from "./api-error";
import { expiresWithin } from "./jwt";
import { requestTokenRefresh } from "./refresh";
import { createRetryingFetch, type FetchLike, type RetryOptions } from "./retrying-fetch";
import { createTokenStore, defaultTokenStorage, type SessionTokens, type TokenStorage } from "./token-store";

/** An access token is used only if it stays valid at least this long (SPEC §9). */
export const ACCESS_TOKEN_FRESHNESS_MILLIS = 20_000;

export interface SessionOptions {
  /** The server origin or the API base; default `/api/v1` (same origin). */
  baseUrl?: string;
  /** Project id; default `internal`. */
  projectId?: string;
  branchId?: string;
  publishableClientKey?: string;
  storage?: TokenStorage;
  fetch?: FetchLike;
  retry?: Partial<RetryOptions>;
  now?: () => number;
}

export interface Session {
  readonly baseUrl: string;
  readonly projectId: string;
  readonly branchId: string | undefined;
  readonly publishableClientKey: string | undefined;
  /** fetch with the network and 429 retries of SPEC §8. */
  readonly fetch: FetchLike;
  /** A fresh access token, refreshing first when needed; null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Stores the tokens of a sign-in or sign-up. */
  setTokens(tokens: { accessToken: string; refreshToken: string }): void;
  /** The server rejected `accessToken`; the next getAccessToken refreshes. */
  markAccessTokenExpired(accessToken: string): void;
  /** Forgets both tokens (sign-out). */
  clear(): void;
  /** True while a refresh token is held. */
  hasSession(): boolean;
  /**
   * The refresh token held, or null: who is signed in, for code that must tell one sign-in
   * from the next, and for the calls that send it (CLI login).
   */
  refreshToken(): string | null;
  /** Called after every change of the stored tokens; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function createSession(options: SessionOptions = {}): Session {
  const baseUrl = toApiBaseUrl(options.baseUrl ?? API_BASE_PATH);
  const projectId = options.projectId ?? "internal";
  const now = options.now ?? (() => Date.now());
  const store = createTokenStore(options.storage ?? defaultTokenStorage(), projectId);
  const rawFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryingFetch = createRetryingFetch(rawFetch, { now, ...options.retry });
  const listeners = new Set<() => void>();
  let refreshing: Promise<string | null> | null = null;

  const write = (tokens: SessionTokens) => {
    store.write(tokens);
    for (const listener of [...listeners]) listener();
  };

  const refresh = async (refreshToken: string): Promise<string | null> => {
    try {
      const tokens = await requestTokenRefresh(retryingFetch, {
        baseUrl,
        projectId,
        branchId: options.branchId,
        publishableClientKey: options.publishableClientKey,
        refreshToken,
      });
      // A sign-out or another sign-in while the refresh was in flight wins.
      if (store.read().refreshToken !== refreshToken) return store.read().accessToken;
      write({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      return tokens.accessToken;
    } catch (error) {
      if (isKnownError(error, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED") && store.read().refreshToken === refreshToken) {
        write({ accessToken: null, refreshToken: null });
        return null;
      }
      throw error;
    }
  };

  return {
    baseUrl,
    projectId,
    branchId: options.branchId,
    publishableClientKey: options.publishableClientKey,
    fetch: retryingFetch,
    async getAccessToken() {
      const { accessToken, refreshToken } = store.read();
      if (accessToken && !expiresWithin(accessToken, ACCESS_TOKEN_FRESHNESS_MILLIS, now())) return accessToken;
      if (!refreshToken) {
        if (accessToken) write({ accessToken: null, refreshToken: null });
        return null;
      }
      refreshing ??= refresh(refreshToken).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    setTokens(tokens) {
      write({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    },
    markAccessTokenExpired(accessToken) {
      const current = store.read();
      if (current.accessToken === accessToken) write({ accessToken: null, refreshToken: current.refreshToken });
    },
    clear() {
      write({ accessToken: null, refreshToken: null });
    },
    hasSession: () => store.read().refreshToken !== null,
    refreshToken: () => store.read().refreshToken,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
