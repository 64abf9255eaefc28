import { useQuery } from "@tanstack/react-query";
import { getGetSsoStatusQueryKey, getSsoStatus } from "../../react-query";

/** Connections change rarely; like the project's settings, a minute's staleness is fine for a sign-in page. */
const SSO_STATUS_STALE_MILLIS = 60_000;

/**
 * Whether the project offers single sign-on (`GET /auth/sso/status`): `undefined` while it is
 * being asked, so that a sign-in page can show its other methods at once instead of waiting.
 */
export function useSsoOffered(): boolean | undefined {
  const { data } = useQuery({
    queryKey: getGetSsoStatusQueryKey(),
    queryFn: ({ signal }) => getSsoStatus({ signal }),
    staleTime: SSO_STATUS_STALE_MILLIS,
  });
  return data?.enabled;
}
