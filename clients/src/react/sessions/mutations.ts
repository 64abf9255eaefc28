import { useMutation } from "@tanstack/react-query";
import { revokeSession, useRevokeSession as useGeneratedRevokeSession } from "../../react-query";
import { isKnownError } from "../../session";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

/** The answer for a session that had already ended (revoked elsewhere, expired). */
const SESSION_GONE = "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED";

/**
 * Ends one of the user's other sessions; the current one ends by signing out. A session that
 * had already ended is refused, and the list on screen is stale then, so it is read again too.
 */
export function useRevokeSession() {
  const invalidate = useInvalidate(areaKeys.sessions, areaKeys.securityActivity);
  return useGeneratedRevokeSession({
    mutation: {
      onSuccess: invalidate,
      onError: (error) => (isKnownError(error, SESSION_GONE) ? invalidate() : undefined),
    },
  });
}

/**
 * Ends every session named, the user's other sessions ("sign out everywhere else"); one that had
 * ended meanwhile counts as done. Fails with the first other refusal, after trying them all.
 */
export function useRevokeOtherSessions() {
  const invalidate = useInvalidate(areaKeys.sessions, areaKeys.securityActivity);
  return useMutation({
    mutationKey: ["revokeOtherSessions"],
    mutationFn: async ({ sessionIds }: { sessionIds: string[] }) => {
      const results = await Promise.allSettled(sessionIds.map((id) => revokeSession(id, {}, { user_id: "me" })));
      const failure = results.find((result) => result.status === "rejected" && !isKnownError(result.reason, SESSION_GONE));
      if (failure?.status === "rejected") throw failure.reason;
      return { revoked: sessionIds.length };
    },
    onSettled: invalidate,
  });
}
