/** The part of the Web Storage API the token store needs; `localStorage` fits as is. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface TokenStore {
  read(): SessionTokens;
  write(tokens: SessionTokens): void;
  clear(): void;
}

/** A storage that lives as long as the page or process; the default outside browsers. */
export function createMemoryStorage(): TokenStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** `localStorage` when the runtime has a usable one, else memory. */
export function defaultTokenStorage(): TokenStorage {
  try {
    if (typeof localStorage !== "undefined" && localStorage) return localStorage;
  } catch {
    // Storage access can throw (sandboxed iframes, disabled cookies); fall back to memory.
  }
  return createMemoryStorage();
}

/** Both tokens of one project's session, under keys that name the project. */
export function createTokenStore(storage: TokenStorage, projectId: string): TokenStore {
  const accessKey = `gatehouse:${projectId}:access-token`;
  const refreshKey = `gatehouse:${projectId}:refresh-token`;
  const put = (key: string, value: string | null) => (value === null ? storage.removeItem(key) : storage.setItem(key, value));
  return {
    read: () => ({ accessToken: storage.getItem(accessKey), refreshToken: storage.getItem(refreshKey) }),
    write: (tokens) => {
      put(accessKey, tokens.accessToken);
      put(refreshKey, tokens.refreshToken);
    },
    clear: () => {
      storage.removeItem(accessKey);
      storage.removeItem(refreshKey);
    },
  };
}
