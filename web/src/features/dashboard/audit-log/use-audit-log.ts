import { adminKeys, adminQuery, api, useAdmin } from "@gatehouse/clients/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export type AuditEvent = api.AuditEvent;

/** One page of the project's audit log, newest first; while another page loads, the table keeps its rows. */
export function useAuditEventPage(projectId: string, params: api.ListAuditEventsParams) {
  return useQuery({
    ...adminQuery(projectId, adminKeys(projectId).auditEventList(params), (request) => api.listAuditEvents(params, request)),
    placeholderData: keepPreviousData,
  });
}

/** The chain's verification, run when the admin asks for it (it reads every event). */
export function useAuditVerification(projectId: string) {
  const { keys } = useAdmin(projectId);
  return useQuery({
    ...adminQuery(projectId, keys.auditVerification(), (request) => api.verifyAuditLog(request)),
    enabled: false,
    staleTime: 0,
  });
}
