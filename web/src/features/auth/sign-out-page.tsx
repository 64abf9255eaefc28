import { useSignOut } from "@gatehouse/clients/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LoadingCard, PageCard } from "../../components/page-card";
import { handlerPath } from "../../lib/handler-paths";
import { session } from "../../lib/session";

/**
 * Ends the session on the server, then forgets the tokens here whatever the server said:
 * a sign-out the user asked for must never leave them signed in.
 */
export function SignOutPage() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const started = useRef(false);
  const [done, setDone] = useState(!session.hasSession());

  useEffect(() => {
    if (started.current || !session.hasSession()) return;
    started.current = true;
    // `{}`: the body the Stack SDKs send with this DELETE, which the contract documents.
    void signOut
      .mutateAsync({ data: {} })
      .catch(() => {
        // The session may already be gone on the server; forgetting it here is what matters.
      })
      .finally(() => {
        session.clear();
        queryClient.clear();
        setDone(true);
      });
  }, [signOut, queryClient]);

  if (!done) return <LoadingCard title="Signing out">Ending your session…</LoadingCard>;
  return (
    <PageCard title="You are signed out" announce>
      <p>
        <Link to={handlerPath("sign-in")}>Sign in again</Link> or go to the <Link to="/">home page</Link>.
      </p>
    </PageCard>
  );
}
