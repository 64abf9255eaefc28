/**
 * Which of the OAuth server's endpoints the current request is at, for the storage adapter,
 * which oidc-provider calls without it: a device code read at the token endpoint is a device's
 * poll (RFC 8628 §3.5), while the same read on the device pages is not.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export const oauthEndpoint = new AsyncLocalStorage<string>();
