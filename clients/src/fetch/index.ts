/**
 * A typed client for the whole API: openapi-fetch over the generated `paths` types.
 * One middleware adds the x-stack-* headers of the chosen access level and the user's
 * access token (from a fixed value, a callback, or a Session, which refreshes it), and
 * resends a request once with a fresh token when the server says the token expired.
 * Requests go through the retrying fetch (network failures, 429).
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import {
  applyStackHeaders,
  createRetryingFetch,
  toApiBaseUrl,
  type FetchLike,
  type KnownErrorCode,
  type RetryOptions,
  type Session,
  type StackCredentials,
} from "../session";
import type { components, operations, paths } from "../generated/openapi-types";

export type { components, operations, paths };
export type { KnownErrorCode, OperationErrorCodes } from "../session";

export type AccessTokenSource = string | null | (() => string | null | undefined | Promise<string | null | undefined>);

export interface GatehouseClientOptions extends Omit<StackCredentials, "accessToken"> {
  /** The server origin (`http://localhost:8102`) or the API base (`.../api/v1`). */
  baseUrl: string;
  /** The signed-in user's access token, or where to get it. A session takes precedence. */
  accessToken?: AccessTokenSource;
  /** A session to take (and refresh) the access token from. */
  session?: Session;
  /** Extra headers sent with every request. */
  headers?: HeadersInit;
  fetch?: FetchLike;
  /** Retry settings for network failures and 429; `false` turns retries off. */
  retry?: Partial<RetryOptions> | false;
}

export type GatehouseClient = Client<paths>;

/** The token endpoint takes no x-stack-* headers (CONTRACT §3). */
const UNAUTHENTICATED_PATHS = new Set(["/auth/oauth/token"]);

export function createGatehouseClient(options: GatehouseClientOptions): GatehouseClient {
  const baseFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetchImpl = options.retry === false ? baseFetch : createRetryingFetch(baseFetch, options.retry);
  const client = createClient<paths>({
    baseUrl: toApiBaseUrl(options.baseUrl),
    headers: options.headers,
    fetch: (request) => fetchImpl(request),
  });
  client.use(stackHeadersMiddleware(options, fetchImpl));
  return client;
}

function stackHeadersMiddleware(options: GatehouseClientOptions, fetchImpl: FetchLike): Middleware {
  const { baseUrl: _baseUrl, accessToken: _accessToken, session, headers: _headers, fetch: _fetch, retry: _retry, ...credentials } = options;
  const sentTokens = new WeakMap<Request, string>();

  const resolveToken = async (): Promise<string | null> => {
    if (session) return session.getAccessToken();
    const source = options.accessToken;
    if (typeof source === "function") return (await source()) ?? null;
    return source ?? null;
  };

  return {
    async onRequest({ request, schemaPath }) {
      if (UNAUTHENTICATED_PATHS.has(schemaPath)) return request;
      const accessToken = await resolveToken();
      applyStackHeaders(request.headers, { ...credentials, accessToken });
      if (accessToken) sentTokens.set(request, accessToken);
      return request;
    },
    // Answers nothing (undefined) when the response stands: openapi-fetch takes only a
    // Response of the global class back, and a server embedded in the same process (Hono's
    // Node adapter) may have replaced that class with its own.
    async onResponse({ request, response }) {
      const sent = sentTokens.get(request);
      if (!session || !sent || response.headers.get("x-stack-known-error") !== ("ACCESS_TOKEN_EXPIRED" satisfies KnownErrorCode)) return undefined;
      session.markAccessTokenExpired(sent);
      const fresh = await session.getAccessToken();
      if (!fresh) return undefined;
      const retry = new Request(request);
      retry.headers.set("x-stack-access-token", fresh);
      const answer: Response = await fetchImpl(retry);
      if (answer instanceof Response) return answer;
      const foreign = answer as Response;
      return new Response(foreign.body, { status: foreign.status, statusText: foreign.statusText, headers: foreign.headers });
    },
  };
}
