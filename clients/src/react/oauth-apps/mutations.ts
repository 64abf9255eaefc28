import { useMutation } from "@tanstack/react-query";
import { revokeAgentCredential, revokeOAuthConnection, useDecideOAuthAuthorization } from "../../react-query";
import { isKnownError } from "../../session";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

/**
 * Answers an authorization request, `allow` or `deny`, as the signed-in user; then the browser
 * goes where the answer says with a full page load: back into the project's OAuth server (a
 * server route, even on this origin), which sends it on to the app with a code or
 * `access_denied`. While it leaves, the mutation stays successful and the page keeps its
 * "signing you in" state. Refusals: OAUTH_FRESH_SIGN_IN_REQUIRED (the app wants a sign-in made
 * now: sign out and in again), OAUTH_AUTHORIZATION_NOT_FOUND (expired or answered), and
 * REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED (this session has ended).
 */
export function useAnswerOAuthAuthorization() {
  return useDecideOAuthAuthorization({
    mutation: {
      onSuccess: (answer) => leaveForOAuthServer(answer.redirect_to),
    },
  });
}

function leaveForOAuthServer(redirectTo: string): void {
  window.location.assign(new URL(redirectTo, window.location.origin).href);
}

/**
 * Disconnects one of the user's connected apps: its grants and every token it holds are revoked
 * at once, and it must ask again. An app that was no longer connected (disconnected elsewhere)
 * is refused with OAUTH_APP_NOT_CONNECTED, and the list on screen is stale then, so it is read
 * again too.
 */
export function useDisconnectApp() {
  const invalidate = useInvalidate(areaKeys.oauthConnections);
  return useMutation({
    mutationKey: ["disconnectApp"],
    mutationFn: ({ clientId }: { clientId: string }) => revokeOAuthConnection(clientId, { user_id: "me" }),
    onSuccess: invalidate,
    onError: (error) => (isKnownError(error, "OAUTH_APP_NOT_CONNECTED") ? invalidate() : undefined),
  });
}

/**
 * Revokes one of the user's agent credentials; its token stops at once. One already gone
 * (revoked elsewhere, or ended with its team or app) is AGENT_CREDENTIAL_NOT_FOUND, and the list
 * on screen is read again then too.
 */
export function useRevokeAgentCredential() {
  const invalidate = useInvalidate(areaKeys.agentCredentials);
  return useMutation({
    mutationKey: ["revokeAgentCredential"],
    mutationFn: ({ credentialId }: { credentialId: string }) => revokeAgentCredential(credentialId, { user_id: "me" }),
    onSuccess: invalidate,
    onError: (error) => (isKnownError(error, "AGENT_CREDENTIAL_NOT_FOUND") ? invalidate() : undefined),
  });
}
