/**
 * The self-serve SSO set-up page's data (`/sso-portal/...`): every call carries the set-up
 * link's token as `Authorization: Bearer`, which alone says which team of which project it
 * sets up. The token arrives in the page address's fragment (`#token=…`, never sent to a
 * server nor in Referer); the page keeps it for the tab (sessionStorage), so that the test
 * sign-in's way back from the identity provider finds it, and takes it out of the address.
 */
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import {
  addSsoPortalDomain,
  createSsoPortalConnection,
  createSsoPortalScimDirectory,
  deleteSsoPortalConnection,
  getSsoPortal,
  getSsoPortalTestSignIn,
  listSsoPortalConnections,
  listSsoPortalDomains,
  listSsoPortalScimDirectories,
  removeSsoPortalDomain,
  rotateSsoPortalScimDirectoryToken,
  startSsoPortalTestSignIn,
  updateSsoPortalConnection,
  verifySsoPortalDomain,
  type ScimDirectory,
  type ScimDirectoryWithToken,
  type SsoConnection,
  type SsoConnectionCreate,
  type SsoConnectionUpdate,
  type SsoDomain,
  type SsoPortalOverview,
  type SsoTestSignIn,
} from "../../react-query";

export type { ScimDirectory as SsoPortalScimDirectory, ScimDirectoryWithToken as SsoPortalScimToken, SsoConnection as SsoPortalConnection, SsoDomain as SsoPortalDomain, SsoPortalOverview, SsoTestSignIn };

const STORAGE_KEY = "gatehouse-sso-portal-token";
const TOKEN = /^ssop_[0-9A-Za-z]{43}$/;

/** The link's token: from the address's fragment (then kept for the tab and taken out of the address), else the tab's. */
export function readSsoPortalToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, "")).get("token");
  if (fromHash && TOKEN.test(fromHash)) {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, fromHash);
    } catch {
      // Storage may be off; the page still works until it is left.
    }
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    return fromHash;
  }
  try {
    const kept = window.sessionStorage.getItem(STORAGE_KEY);
    return kept && TOKEN.test(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** The token of the page, read once. */
export function useSsoPortalToken(): string | null {
  const [token] = useState(readSsoPortalToken);
  return token;
}

const bearer = (token: string, signal?: AbortSignal): RequestInit => ({ headers: { authorization: `Bearer ${token}` }, signal });

/** The cache keys of one link's reads: a change invalidates the link's prefix. */
const portalKeys = (token: string) => ({
  all: ["sso-portal", token] as const,
  overview: ["sso-portal", token, "overview"] as const,
  connections: ["sso-portal", token, "connections"] as const,
  domains: ["sso-portal", token, "domains"] as const,
  directories: ["sso-portal", token, "scim-directories"] as const,
  test: (id: string) => ["sso-portal", token, "test-sign-ins", id] as const,
});

/** The team and project the link opens; suspends while it loads, and throws SSO_PORTAL_TOKEN_INVALID for a dead link. */
export function useSsoPortal(token: string): SsoPortalOverview {
  return useSuspenseQuery({ queryKey: portalKeys(token).overview, queryFn: ({ signal }) => getSsoPortal(bearer(token, signal)), retry: false }).data;
}

export function useSsoPortalConnections(token: string): SsoConnection[] {
  return useSuspenseQuery({ queryKey: portalKeys(token).connections, queryFn: ({ signal }) => listSsoPortalConnections(bearer(token, signal)) }).data.items;
}

export function useSsoPortalDomains(token: string): SsoDomain[] {
  return useSuspenseQuery({ queryKey: portalKeys(token).domains, queryFn: ({ signal }) => listSsoPortalDomains(bearer(token, signal)) }).data.items;
}

export function useSsoPortalScimDirectories(token: string): ScimDirectory[] {
  return useSuspenseQuery({ queryKey: portalKeys(token).directories, queryFn: ({ signal }) => listSsoPortalScimDirectories(bearer(token, signal)) }).data.items;
}

/** A test sign-in's outcome (null id: none); not suspending, so the page shows the steps meanwhile. */
export function useSsoPortalTestSignIn(token: string, testId: string | null) {
  return useQuery({
    queryKey: portalKeys(token).test(testId ?? ""),
    queryFn: ({ signal }) => getSsoPortalTestSignIn(testId!, bearer(token, signal)),
    enabled: testId !== null,
    retry: false,
  });
}

function useInvalidatePortal(token: string) {
  const queryClient = useQueryClient();
  return useCallback((key: readonly unknown[] = portalKeys(token).all) => queryClient.invalidateQueries({ queryKey: key }), [queryClient, token]);
}

export function useAddSsoPortalDomain(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({ mutationFn: (domain: string) => addSsoPortalDomain({ domain }, bearer(token)), onSuccess: () => invalidate(portalKeys(token).domains) });
}

export function useVerifySsoPortalDomain(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({ mutationFn: (domainId: string) => verifySsoPortalDomain(domainId, {}, bearer(token)), onSettled: () => invalidate(portalKeys(token).domains) });
}

export function useRemoveSsoPortalDomain(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({ mutationFn: (domainId: string) => removeSsoPortalDomain(domainId, bearer(token)), onSuccess: () => invalidate(portalKeys(token).domains) });
}

export function useCreateSsoPortalConnection(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({ mutationFn: (body: SsoConnectionCreate) => createSsoPortalConnection(body, bearer(token)), onSuccess: () => invalidate(portalKeys(token).connections) });
}

export function useUpdateSsoPortalConnection(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({
    mutationFn: ({ connectionId, changes }: { connectionId: string; changes: SsoConnectionUpdate }) => updateSsoPortalConnection(connectionId, changes, bearer(token)),
    onSuccess: () => invalidate(portalKeys(token).connections),
  });
}

export function useDeleteSsoPortalConnection(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({ mutationFn: (connectionId: string) => deleteSsoPortalConnection(connectionId, bearer(token)), onSuccess: () => invalidate(portalKeys(token).connections) });
}

/** Starts a test sign-in and sends the browser to the identity provider; it comes back to this page with `?sso_test=<id>`. */
export function useStartSsoPortalTestSignIn(token: string) {
  return useMutation({
    mutationFn: (connectionId: string) => startSsoPortalTestSignIn(connectionId, {}, bearer(token)),
    onSuccess: ({ location }) => window.location.assign(location),
  });
}

/** A directory with its token, which the answer alone holds: show it at once. */
export function useCreateSsoPortalScimDirectory(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({
    mutationFn: (displayName: string): Promise<ScimDirectoryWithToken> => createSsoPortalScimDirectory({ display_name: displayName }, bearer(token)),
    onSuccess: () => invalidate(portalKeys(token).directories),
  });
}

export function useRotateSsoPortalScimDirectoryToken(token: string) {
  const invalidate = useInvalidatePortal(token);
  return useMutation({
    mutationFn: (directoryId: string): Promise<ScimDirectoryWithToken> => rotateSsoPortalScimDirectoryToken(directoryId, {}, bearer(token)),
    onSuccess: () => invalidate(portalKeys(token).directories),
  });
}
