import type { SignInTokens } from "@gatehouse/clients/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { returnTarget } from "../../lib/return-target";
import { session } from "../../lib/session";

/**
 * Keeps the new session's tokens, drops whatever was cached for the previous user, and goes
 * to the page named by `after_auth_return_to` (home when there is none).
 */
export function useFinishSignIn(): (tokens: SignInTokens) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (tokens: SignInTokens) => {
      session.setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
      queryClient.clear();
      void navigate(returnTarget(search), { replace: true });
    },
    [queryClient, navigate, search],
  );
}
