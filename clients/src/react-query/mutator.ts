/**
 * The one seam between the generated React Query hooks and the network. orval calls
 * `gatehouseFetch(url, init)` with a path relative to the API base; this adds the base
 * URL and the client's x-stack-* headers, attaches the session's access token (refreshed
 * first when it is about to expire), retries once with a fresh token when the server
 * says the token expired, and throws every non-2xx answer as a GatehouseApiError carrying
 * the known-error `code` and `details`.
 */
import {
  apiErrorFrom,
  applyStackHeaders,
  getDefaultSession,
  readResponseBody,
  type GatehouseApiError,
} from "../session";

export async function gatehouseFetch<T>(url: string, init: RequestInit): Promise<T> {
  const session = getDefaultSession();
  for (let attempt = 0; ; attempt += 1) {
    const accessToken = await session.getAccessToken();
    const headers = applyStackHeaders(new Headers(init.headers), {
      projectId: session.projectId,
      accessType: "client",
      branchId: session.branchId,
      publishableClientKey: session.publishableClientKey,
      accessToken,
    });
    const response = await session.fetch(`${session.baseUrl}${url}`, { ...init, headers });
    const body = await readResponseBody(response);
    if (response.ok) return body as T;
    const error = apiErrorFrom(response, body);
    if (attempt === 0 && accessToken && error.code === "ACCESS_TOKEN_EXPIRED") {
      session.markAccessTokenExpired(accessToken);
      continue;
    }
    throw error;
  }
}

/** orval types each hook's `error` as ErrorType<the documented error body>. */
export type ErrorType<Body> = GatehouseApiError<Body>;
