import { useSuspenseQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { getListOAuthProvidersQueryKey, listOAuthProviders, useDeleteOAuthProvider, type OAuthProvider } from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";
import { useGatehouse } from "../provider";
import { beginOAuth, leaveForAuthorize } from "./oauth-flow";

export type { OAuthProvider as LinkedOAuthProvider };

/** The signed-in user's linked provider accounts, oldest first. Suspends while loading. */
export function useLinkedOAuthProviders(): OAuthProvider[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({ queryKey: getListOAuthProvidersQueryKey(params), queryFn: ({ signal }) => listOAuthProviders(params, { signal }) });
  return data.items;
}

/** Unlinks one of the user's provider accounts (its provider tokens go with it). */
export function useUnlinkOAuthProvider() {
  const invalidate = useInvalidate(areaKeys.oauthProviders, areaKeys.currentUser);
  return useDeleteOAuthProvider({ mutation: { onSettled: invalidate } });
}

/**
 * Sends the browser to a provider to link another account to the signed-in user (authorize with
 * `type=link` and the user's access token); it comes back through the oauth-callback page to
 * `returnTo`. `providerScope` asks the provider for more scopes on an account already linked.
 */
export function useLinkOAuthProvider(): (provider: string, options: { returnTo: string; providerScope?: string }) => Promise<void> {
  const { session, urls } = useGatehouse();
  return useCallback(
    async (provider, options) => {
      const accessToken = await session.getAccessToken();
      if (!accessToken) throw new Error("Sign in first to link an account.");
      const url = await beginOAuth(session, {
        provider,
        type: "link",
        accessToken,
        providerScope: options.providerScope,
        redirectUrl: new URL(urls.oauthCallback, window.location.origin).href,
        errorRedirectUrl: new URL(urls.error, window.location.origin).href,
        afterCallbackRedirectUrl: options.returnTo,
      });
      leaveForAuthorize(url);
    },
    [session, urls],
  );
}
