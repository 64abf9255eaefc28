import { useRevokeSession as useGeneratedRevokeSession } from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

/** Ends one of the user's other sessions; the current one ends by signing out. */
export function useRevokeSession() {
  const onSuccess = useInvalidate(areaKeys.sessions);
  return useGeneratedRevokeSession({ mutation: { onSuccess } });
}
