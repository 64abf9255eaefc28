export { createSession, ACCESS_TOKEN_FRESHNESS_MILLIS, type Session, type SessionOptions } from "./session";
export { configureDefaultSession, getDefaultSession, setDefaultSession } from "./default-session";
export { createTokenStore, createMemoryStorage, defaultTokenStorage, type TokenStorage, type TokenStore, type SessionTokens } from "./token-store";
export { createRetryingFetch, retryAfterMillis, DEFAULT_RETRY_OPTIONS, type FetchLike, type RetryOptions } from "./retrying-fetch";
export { requestTokenRefresh, PUBLIC_CLIENT_SECRET, type RefreshRequest, type RefreshedTokens } from "./refresh";
export { accessTokenExpiryMillis, accessTokenClaims, expiresWithin } from "./jwt";
export {
  GatehouseApiError,
  GatehouseNetworkError,
  apiErrorFrom,
  isKnownError,
  isKnownErrorCode,
  readResponseBody,
  KNOWN_ERROR_CODES,
  type KnownErrorBody,
  type DeclaredErrorCode,
  type KnownErrorCode,
  type OperationErrorCodes,
} from "./api-error";
export { applyStackHeaders, CLIENT_VERSION, type AccessType, type StackCredentials } from "./stack-headers";
export { API_BASE_PATH, toApiBaseUrl } from "./api-base-url";
