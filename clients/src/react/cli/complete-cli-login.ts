import { useMutation } from "@tanstack/react-query";
import { gatehouseFetch } from "../../react-query";

/**
 * Confirms a command-line login (`POST /auth/cli/complete`, CONTRACT "auth/cli") for the
 * signed-in user: the CLI polling with the matching polling code then receives a session of
 * its own. Written against the contract by hand until the operation is in the OpenAPI
 * document, through the same fetch seam the generated hooks use.
 */
export function useCompleteCliLogin() {
  return useMutation({
    mutationFn: (loginCode: string) =>
      gatehouseFetch<unknown>("/auth/cli/complete", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login_code: loginCode }),
      }),
  });
}
