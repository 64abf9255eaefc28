import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

export type SsoConnection = api.SsoConnection;
export type SsoDomain = api.SsoDomain;
export type SsoPortalLink = api.SsoPortalLink;

/** A team's connections, oldest first. */
export function useSsoConnections(projectId: string, teamId: string): SsoConnection[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.ssoConnections(teamId), (request) => api.listSsoConnections(teamId, request)).items;
}

/** A team's domains. */
export function useSsoDomains(projectId: string, teamId: string): SsoDomain[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.ssoDomains(teamId), (request) => api.listSsoDomains(teamId, request)).items;
}

export function useCreateSsoConnection(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useCreateSsoConnection({ request, mutation: { onSuccess: () => invalidate(keys.ssoConnections(teamId)) } });
}

export function useUpdateSsoConnection(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateSsoConnection({ request, mutation: { onSuccess: () => invalidate(keys.ssoConnections(teamId)) } });
}

export function useDeleteSsoConnection(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useDeleteSsoConnection({ request, mutation: { onSuccess: () => invalidate(keys.ssoConnections(teamId)) } });
}

export function useAddSsoDomain(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useAddSsoDomain({ request, mutation: { onSuccess: () => invalidate(keys.ssoDomains(teamId)) } });
}

export function useVerifySsoDomain(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useVerifySsoDomain({ request, mutation: { onSuccess: () => invalidate(keys.ssoDomains(teamId)) } });
}

export function useUpdateSsoDomain(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateSsoDomain({ request, mutation: { onSuccess: () => invalidate(keys.ssoDomains(teamId)) } });
}

export function useRemoveSsoDomain(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useRemoveSsoDomain({ request, mutation: { onSuccess: () => invalidate(keys.ssoDomains(teamId)) } });
}

/** A team's set-up links, newest first. */
export function useSsoPortalLinks(projectId: string, teamId: string): SsoPortalLink[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.ssoPortalLinks(teamId), (request) => api.listSsoPortalLinks(teamId, request)).items;
}

export function useCreateSsoPortalLink(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useCreateSsoPortalLink({ request, mutation: { onSuccess: () => invalidate(keys.ssoPortalLinks(teamId)) } });
}

export function useRevokeSsoPortalLink(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useRevokeSsoPortalLink({ request, mutation: { onSuccess: () => invalidate(keys.ssoPortalLinks(teamId)) } });
}
