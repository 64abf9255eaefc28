/**
 * Admin access to a project from the dashboard: requests carry the project's id and
 * `x-stack-access-type: admin`, and the fetch seam (react-query/mutator.ts) sends the signed-in
 * internal user's token as the admin access token. Reads are keyed by the project's key
 * factory (admin-keys.ts): two projects' user lists never share a cache entry.
 */
import { useQueryClient, useSuspenseQuery, type QueryKey } from "@tanstack/react-query";
import { useMemo } from "react";
import { adminKeys, type AdminKeys } from "./admin-keys";

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

/**
 * The query options of an admin read: its key, and a query function that calls `read` with the
 * project's admin request (and React Query's abort signal). Spread into any query hook:
 * `useQuery({ ...adminQuery(projectId, keys.userList(params), (request) => api.listUsers(params, request)), placeholderData })`.
 */
export function adminQuery<T>(projectId: string, queryKey: QueryKey, read: (request: RequestInit) => Promise<T>) {
  return { queryKey, queryFn: ({ signal }: { signal: AbortSignal }) => read(adminRequest(projectId, { signal })) };
}

/** An admin read that suspends until it has its answer. */
export function useAdminQuery<T>(projectId: string, queryKey: QueryKey, read: (request: RequestInit) => Promise<T>): T {
  return useSuspenseQuery(adminQuery(projectId, queryKey, read)).data;
}

export interface AdminAccess {
  /** The project's query keys. */
  keys: AdminKeys;
  /** The request options of an admin call (`request` of a generated hook, the last argument of a generated function). */
  request: RequestInit;
  /** The same, with a query function's abort signal (for the reads `adminQuery` does not fit, such as infinite queries). */
  withSignal: (signal: AbortSignal) => RequestInit;
  /** Marks every cached read under these key prefixes stale, so what is on screen is read again. */
  invalidate: (...prefixes: QueryKey[]) => Promise<void>;
}

/** The project's keys, request options and invalidation, for its data hooks. */
export function useAdmin(projectId: string): AdminAccess {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      keys: adminKeys(projectId),
      request: adminRequest(projectId),
      withSignal: (signal: AbortSignal) => adminRequest(projectId, { signal }),
      invalidate: async (...prefixes: QueryKey[]) => {
        await Promise.all(prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    }),
    [queryClient, projectId],
  );
}
