import { useSignInWithCode } from "@gatehouse/clients/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LinkProblem, IncompleteLink } from "../../components/link-problem";
import { LoadingCard } from "../../components/page-card";
import { handlerPath } from "../../lib/handler-paths";
import { useLinkCode } from "../../lib/link-code";
import { mfaAttemptCode, useMfaHandOff } from "./mfa-hand-off";
import { useFinishSignIn } from "./use-finish-sign-in";

const LINK = "sign-in link";

/** Where a mailed sign-in link leads (`?code=`): signs in with it at once. */
export function MagicLinkCallbackPage() {
  const code = useLinkCode();
  if (!code) return <IncompleteLink link={LINK}>{signInAgain}</IncompleteLink>;
  return <SignInWithLink code={code} />;
}

function SignInWithLink({ code }: { code: string }) {
  const finishSignIn = useFinishSignIn();
  const handOffToMfa = useMfaHandOff();
  const signIn = useSignInWithCode({ mutation: { onSuccess: finishSignIn } });
  const { mutate } = signIn;
  const startedFor = useRef<string | null>(null);

  // The code is used up by signing in, so it is sent once, even when React runs effects twice.
  useEffect(() => {
    if (startedFor.current === code) return;
    startedFor.current = code;
    mutate({ data: { code } }, { onError: handOffToMfa });
  }, [mutate, code, handOffToMfa]);

  // A refusal is shown, unless it asks for a second factor: the hand-off is then on its way to the mfa page.
  if (signIn.isError && mfaAttemptCode(signIn.error) === null) {
    return (
      <LinkProblem link={LINK} error={signIn.error} onRetry={() => mutate({ data: { code } }, { onError: handOffToMfa })}>
        {signInAgain}
      </LinkProblem>
    );
  }
  return <LoadingCard title="Signing you in">Checking your sign-in link…</LoadingCard>;
}

const signInAgain = (
  <p className="actions">
    <Link to={handlerPath("sign-in")} className="button secondary">
      Go to sign in
    </Link>
  </p>
);
