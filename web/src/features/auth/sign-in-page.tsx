import { useSignInWithPassword } from "@gatehouse/clients/react-query";
import { Link, useLocation } from "react-router";
import { errorMessage } from "../../lib/error-message";
import { handlerPath } from "../../lib/handler-paths";
import { currentPasswordProblem } from "../../lib/validation";
import { CredentialsForm } from "./credentials-form";
import { mfaAttemptCode, useMfaHandOff } from "./mfa-hand-off";
import { useFinishSignIn } from "./use-finish-sign-in";

export function SignInPage() {
  const finishSignIn = useFinishSignIn();
  const handOffToMfa = useMfaHandOff();
  // Switching between sign-in, sign-up and password reset keeps the return target.
  const { search } = useLocation();
  const signIn = useSignInWithPassword({ mutation: { onSuccess: finishSignIn, onError: handOffToMfa } });
  // Asking for the second factor is a step, not a failure: the mfa page takes over.
  const error = signIn.error && !mfaAttemptCode(signIn.error) ? errorMessage(signIn.error) : null;
  return (
    <CredentialsForm
      title="Sign in"
      submitLabel="Sign in"
      passwordAutoComplete="current-password"
      passwordProblem={currentPasswordProblem}
      passwordAside={<Link to={`${handlerPath("forgot-password")}${search}`}>Forgot password?</Link>}
      pending={signIn.isPending}
      error={error}
      onSubmit={(credentials) => signIn.mutate({ data: credentials })}
      footer={
        <>
          New here? <Link to={`${handlerPath("sign-up")}${search}`}>Create an account</Link>
        </>
      }
    />
  );
}
