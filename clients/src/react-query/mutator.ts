/**
 * The one seam between the generated React Query hooks and the network. orval calls
 * `gatehouseFetch(url, init)` with a path relative to the API base; this adds the base
 * URL and the client's x-stack-* headers, attaches the session's access token (refreshed
 * first when it is about to expire), retries once with a fresh token when the server
 * says the token expired, and throws every non-2xx answer as a GatehouseApiError carrying
 * the known-error `code` and `details`.
 *
 * A request that names its own project with admin access (`x-stack-project-id` and
 * `x-stack-access-type: admin`, as the dashboard's are) carries the session's token as the
 * admin access token instead: the session belongs to a user of the `internal` project, whose
 * token is an admin token for every project one of the user's teams owns (CONTRACT §5).
 */
import {
  apiErrorFrom,
  applyStackHeaders,
  getDefaultSession,
  readResponseBody,
  type GatehouseApiError,
  type KnownErrorCode,
} from "../session";

const EXPIRED_TOKEN_CODES = new Set<KnownErrorCode>(["ACCESS_TOKEN_EXPIRED", "ADMIN_ACCESS_TOKEN_EXPIRED"]);

export async function gatehouseFetch<T>(url: string, init: RequestInit): Promise<T> {
  const session = getDefaultSession();
  for (let attempt = 0; ; attempt += 1) {
    const accessToken = await session.getAccessToken();
    const headers = new Headers(init.headers);
    const asAdmin = headers.get("x-stack-access-type") === "admin" && !headers.has("x-stack-super-secret-admin-key");
    applyStackHeaders(headers, {
      projectId: session.projectId,
      accessType: "client",
      branchId: session.branchId,
      publishableClientKey: asAdmin ? undefined : session.publishableClientKey,
      accessToken: asAdmin ? null : accessToken,
      adminAccessToken: asAdmin ? (accessToken ?? undefined) : undefined,
    });
    const response = await session.fetch(`${session.baseUrl}${url}`, { ...init, headers });
    const body = await readResponseBody(response);
    if (response.ok) return body as T;
    const error = apiErrorFrom(response, body);
    if (attempt === 0 && accessToken && error.code !== null && EXPIRED_TOKEN_CODES.has(error.code)) {
      session.markAccessTokenExpired(accessToken);
      continue;
    }
    throw error;
  }
}

/** orval types each hook's `error` as ErrorType<the documented error body>. */
export type ErrorType<Body> = GatehouseApiError<Body>;
