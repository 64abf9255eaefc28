import { apiErrorFrom, readResponseBody } from "./api-error";
import type { FetchLike } from "./retrying-fetch";

/** What SDKs send as client_secret when the project needs no publishable key. */
export const PUBLIC_CLIENT_SECRET = "__stack_public_client__";

export interface RefreshRequest {
  baseUrl: string;
  projectId: string;
  branchId?: string;
  publishableClientKey?: string;
  refreshToken: string;
}

export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Trades the refresh token for a new access token at the OAuth token endpoint
 * (CONTRACT §3): form-encoded, no x-stack-* headers. Throws GatehouseApiError on a
 * non-2xx answer, such as REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED.
 */
export async function requestTokenRefresh(fetchImpl: FetchLike, request: RefreshRequest): Promise<RefreshedTokens> {
  const clientId = request.branchId ? `${request.projectId}#${request.branchId}` : request.projectId;
  const form = new URLSearchParams({
    grant_type: "refresh_token",
    refresh_token: request.refreshToken,
    client_id: clientId,
    client_secret: request.publishableClientKey ?? PUBLIC_CLIENT_SECRET,
  });
  const response = await fetchImpl(`${request.baseUrl}/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const body = await readResponseBody(response);
  if (!response.ok) throw apiErrorFrom(response, body);
  const { access_token: accessToken, refresh_token: refreshToken } = (body ?? {}) as Record<string, unknown>;
  if (typeof accessToken !== "string") throw new Error("The token endpoint answered without an access_token.");
  return { accessToken, refreshToken: typeof refreshToken === "string" ? refreshToken : request.refreshToken };
}
