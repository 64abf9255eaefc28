import type { SignInTokens } from "@gatehouse/clients/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { session } from "../session";

/** Keeps the new session's tokens, drops whatever was cached for the previous user, and goes home. */
export function useFinishSignIn(): (tokens: SignInTokens) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (tokens: SignInTokens) => {
      session.setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
      queryClient.clear();
      void navigate("/", { replace: true });
    },
    [queryClient, navigate],
  );
}
