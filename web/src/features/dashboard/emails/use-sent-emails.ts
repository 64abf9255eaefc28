import { adminKeys, api, useAdmin } from "@gatehouse/clients/react";
import { useSuspenseInfiniteQuery } from "@tanstack/react-query";

const PAGE_SIZE = 50;

/** The project's outbox, newest first, a page at a time (`GET /internal/emails`, keyset-paged). */
export function useSentEmails(projectId: string) {
  const { withSignal } = useAdmin(projectId);
  return useSuspenseInfiniteQuery({
    // Kept apart from a plain read of the same path: an infinite query's data has pages.
    queryKey: adminKeys(projectId).sentEmails(),
    queryFn: ({ pageParam, signal }) => api.listSentEmails({ limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, withSignal(signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.pagination?.next_cursor ?? null,
  });
}

/** Queues mail for users (`POST /emails/send-email`); the outbox list is read again. */
export function useSendEmail(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useSendEmail({ request, mutation: { onSuccess: () => invalidate(keys.sentEmails()) } });
}

/** Cancels or reschedules a message still queued or scheduled (`PATCH /emails/outbox/{id}`). */
export function useUpdateOutboxEmail(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateOutboxEmail({ request, mutation: { onSettled: () => invalidate(keys.sentEmails()) } });
}
