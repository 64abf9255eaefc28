/**
 * Admin access to a project from the dashboard: requests carry the project's id and
 * `x-stack-access-type: admin`, and the fetch seam (react-query/mutator.ts) sends the signed-in
 * internal user's token as the admin access token. Generated query keys name only the path and
 * parameters, so admin reads are keyed under their project too: two projects' user lists must
 * never share a cache entry.
 */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback } from "react";

const ADMIN = "admin";

/**
 * The request options of an admin call to `projectId`, for generated functions and hooks
 * (`request`). The headers are a plain object: generated calls with a JSON body spread them
 * (`{ 'Content-Type': …, ...options.headers }`), which drops every entry of a `Headers`.
 */
export function adminRequest(projectId: string, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set("x-stack-project-id", projectId);
  headers.set("x-stack-access-type", "admin");
  return { ...init, headers: Object.fromEntries(headers.entries()) };
}

/** A generated query key, under the project it is asked of. */
export function adminQueryKey(projectId: string, key: QueryKey = []): QueryKey {
  return [ADMIN, projectId, ...key];
}

/** Marks a project's cached admin reads stale, those under the given generated key prefixes (or all). */
export function useAdminInvalidate(projectId: string): (...prefixes: QueryKey[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (...prefixes: QueryKey[]) => {
      const keys = prefixes.length === 0 ? [adminQueryKey(projectId)] : prefixes.map((prefix) => adminQueryKey(projectId, prefix));
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient, projectId],
  );
}
