export const API_BASE_PATH = "/api/v1";

/**
 * The API base for `baseUrl`: a server origin (`http://localhost:8102`) gets `/api/v1`
 * appended; a URL or path already ending in `/api/v1` is kept. No trailing slash.
 */
export function toApiBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return trimmed.endsWith(API_BASE_PATH) ? trimmed : `${trimmed}${API_BASE_PATH}`;
}
