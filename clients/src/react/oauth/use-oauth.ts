import { useCallback } from "react";
import { useGatehouse } from "../provider";
import { discoverSso } from "../../react-query";
import { beginOAuth, beginSso, leaveForAuthorize } from "./oauth-flow";

/** Sends the browser to a provider to sign in; it comes back to the oauth-callback page. */
export function useSignInWithOAuth(): (provider: string, options?: { afterCallbackRedirectUrl?: string }) => Promise<void> {
  const { session, urls } = useGatehouse();
  return useCallback(
    async (provider, options = {}) => {
      const url = await beginOAuth(session, {
        provider,
        redirectUrl: new URL(urls.oauthCallback, window.location.origin).href,
        errorRedirectUrl: new URL(urls.error, window.location.origin).href,
        afterCallbackRedirectUrl: options.afterCallbackRedirectUrl,
      });
      leaveForAuthorize(url);
    },
    [session, urls],
  );
}

/**
 * Single sign-on by e-mail address: asks the server which connection the address's domain uses
 * (SSO_NOT_AVAILABLE_FOR_EMAIL when none, thrown for the page to show) and sends the browser to
 * it; it comes back to the oauth-callback page. With `connectionId` (a sign-in the identity
 * provider started) it goes to that connection at once.
 */
export function useSignInWithSso(): (target: { email: string } | { connectionId: string }, options?: { afterCallbackRedirectUrl?: string }) => Promise<void> {
  const { session, urls } = useGatehouse();
  return useCallback(
    async (target, options = {}) => {
      const connectionId = "connectionId" in target ? target.connectionId : (await discoverSso({ email: target.email })).connection_id;
      const url = await beginSso(session, {
        ...("email" in target ? { email: target.email } : {}),
        connectionId: "email" in target ? undefined : connectionId,
        redirectUrl: new URL(urls.oauthCallback, window.location.origin).href,
        errorRedirectUrl: new URL(urls.error, window.location.origin).href,
        afterCallbackRedirectUrl: options.afterCallbackRedirectUrl,
      });
      leaveForAuthorize(url);
    },
    [session, urls],
  );
}
