import { useSuspenseQuery } from "@tanstack/react-query";
import {
  getGetOAuthAuthorizationQueryKey,
  getListAgentCredentialsQueryKey,
  getListOAuthConnectionsQueryKey,
  getOAuthAuthorization,
  listAgentCredentials,
  listOAuthConnections,
  type AgentCredential,
  type OAuthAuthorizationRequest,
  type OAuthConnection,
} from "../../react-query";

/** A token the user gave an app or agent, narrowed to some of their permissions in one team, until it expires. */
export type { AgentCredential };

/** What an app asks the signed-in user for on the authorize page: the app, its scopes and resources. */
export type OAuthAuthorization = OAuthAuthorizationRequest;

/** An app the signed-in user allowed to sign them in, with what it may read and since when. */
export type ConnectedApp = OAuthConnection;

/**
 * The authorization request `uid` (the last part of the authorize page's address), read for the
 * signed-in user; suspends while it loads. A request that expired, was answered or is unknown
 * throws OAUTH_AUTHORIZATION_NOT_FOUND; a project that is not an OAuth server,
 * OAUTH_SERVER_NOT_ENABLED. It is read once: answering it is what changes it, and the page
 * leaves then.
 */
export function useOAuthAuthorization(uid: string): OAuthAuthorization {
  const { data } = useSuspenseQuery({
    queryKey: getGetOAuthAuthorizationQueryKey(uid),
    queryFn: ({ signal }) => getOAuthAuthorization(uid, { signal }),
    staleTime: Infinity,
  });
  return data;
}

/** The apps the signed-in user allowed to sign them in ("Connected apps"), newest first. Suspends while loading. */
export function useConnectedApps(): ConnectedApp[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({
    queryKey: getListOAuthConnectionsQueryKey(params),
    queryFn: ({ signal }) => listOAuthConnections(params, { signal }),
  });
  return data.items;
}

/** The signed-in user's live agent credentials, newest first. Suspends while loading. */
export function useAgentCredentials(): AgentCredential[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({
    queryKey: getListAgentCredentialsQueryKey(params),
    queryFn: ({ signal }) => listAgentCredentials(params, { signal }),
  });
  return data.items;
}
