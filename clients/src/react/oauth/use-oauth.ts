import { useCallback } from "react";
import { useGatehouse } from "../provider";
import { beginOAuth, leaveForAuthorize } from "./oauth-flow";

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
