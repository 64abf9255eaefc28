import { useCallback } from "react";
import { readReturnTarget, RETURN_PARAM, withReturnTo } from "../navigation/return-target";
import { useProject } from "../project/use-project";
import { useGatehouse } from "../provider";

export type AuthOutcome = "sign-in" | "sign-up";

/**
 * Where to go once signed in: the page's `after_auth_return_to` when the project trusts it,
 * else the after-sign-in (or, for a new account, after-sign-up) target. Suspends until the
 * project's redirect policy is known.
 */
export function useAfterAuthRedirect(): (outcome: AuthOutcome) => void {
  const { navigate, urls } = useGatehouse();
  const project = useProject();
  return useCallback(
    (outcome: AuthOutcome) => {
      const target = readReturnTarget(window.location.search, project.config, window.location.origin);
      const fallback = outcome === "sign-up" ? urls.afterSignUp : urls.afterSignIn;
      navigate(target.kind === "trusted" ? target.url : fallback, { replace: true });
    },
    [navigate, urls, project.config],
  );
}

/** A handler page's URL carrying this page's return target along, so switching pages keeps it. */
export function keepReturnTarget(path: string, search: string = window.location.search): string {
  const returnTo = new URLSearchParams(search).get(RETURN_PARAM);
  return returnTo ? withReturnTo(path, returnTo) : path;
}
