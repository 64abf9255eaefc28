import { useCallback, useState } from "react";
import { signOut } from "../../react-query";
import { useGatehouse } from "../provider";

/**
 * Ends the session on the server, then forgets the tokens here whatever the server said: a
 * sign-out the user asked for must never leave them signed in.
 */
export function useSignOut(): { signOut: () => Promise<void>; isPending: boolean } {
  const { session } = useGatehouse();
  const [isPending, setPending] = useState(false);
  const run = useCallback(async () => {
    if (!session.hasSession()) return;
    setPending(true);
    try {
      // `{}`: the body the Stack SDKs send with this DELETE, which the contract documents.
      await signOut({});
    } catch {
      // The session may already be gone on the server; forgetting it here is what matters.
    } finally {
      session.clear();
      setPending(false);
    }
  }, [session]);
  return { signOut: run, isPending };
}
