/**
 * The cli-auth-confirm page's calls (`POST /auth/cli/complete`, CONTRACT "auth/cli"): whether
 * a login code can still be confirmed, and confirming it as the signed-in user. The tool,
 * polling meanwhile, then receives a session of the confirming user. (Taking over the
 * anonymous user a tool may run as, `claim-anon-session`, is left to the Stack SDK's page:
 * these pages sign in or sign up a person rather than upgrade an anonymous user.)
 */
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { completeCliLogin } from "../../react-query";
import { isKnownError, type KnownErrorCode } from "../../session";

/** Why a login code cannot be confirmed, by the known error that says so. */
const REFUSALS: { readonly [C in KnownErrorCode]?: CliLoginRefusal } = {
  CLI_AUTH_EXPIRED_ERROR: "expired",
  CLI_AUTH_USED_ERROR: "used",
  CLI_AUTH_ERROR: "unknown",
};

type CliLoginRefusal = "expired" | "used" | "unknown";

export type CliLoginCheck = { status: "pending" } | { status: CliLoginRefusal };

/** Reads what confirming `loginCode` would meet; needs no user. Suspends while loading. */
export function useCliLoginCheck(loginCode: string): CliLoginCheck {
  const { data } = useSuspenseQuery({
    queryKey: ["/auth/cli/complete", "check", loginCode],
    queryFn: ({ signal }) => checkCliLogin(loginCode, signal),
    // Read once per visit; confirming answers afresh if the code has changed state since.
    staleTime: Infinity,
    retry: false,
  });
  return data;
}

async function checkCliLogin(loginCode: string, signal: AbortSignal): Promise<CliLoginCheck> {
  try {
    // A browser may hold an anonymous session (an app's `useUser({ or: "anonymous" })`): let it through.
    await completeCliLogin({ login_code: loginCode, mode: "check" }, { signal, headers: { "x-stack-allow-anonymous-user": "true" } });
    return { status: "pending" };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { status: refusal };
    throw error;
  }
}

/** The state a refusal of a login code means, or null for any other error. */
export function refusalOf(error: unknown): "expired" | "used" | "unknown" | null {
  return isKnownError(error) ? (REFUSALS[error.code] ?? null) : null;
}

/** Confirms the login as the signed-in user. */
export function useCompleteCliLogin() {
  return useMutation({
    mutationFn: (loginCode: string) => completeCliLogin({ login_code: loginCode, mode: "complete" }),
  });
}
