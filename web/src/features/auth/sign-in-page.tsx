import { useSignInWithPassword } from "@gatehouse/clients/react-query";
import { Link, useLocation } from "react-router";
import { errorMessage } from "../../lib/error-message";
import { handlerPath } from "../../lib/handler-paths";
import { currentPasswordProblem } from "../../lib/validation";
import { CredentialsForm } from "./credentials-form";
import { useFinishSignIn } from "./use-finish-sign-in";

export function SignInPage() {
  const finishSignIn = useFinishSignIn();
  // Switching between sign-in, sign-up and password reset keeps the return target.
  const { search } = useLocation();
  const signIn = useSignInWithPassword({ mutation: { onSuccess: finishSignIn } });
  return (
    <CredentialsForm
      title="Sign in"
      submitLabel="Sign in"
      passwordAutoComplete="current-password"
      passwordProblem={currentPasswordProblem}
      passwordAside={<Link to={`${handlerPath("forgot-password")}${search}`}>Forgot password?</Link>}
      pending={signIn.isPending}
      error={signIn.error ? errorMessage(signIn.error) : null}
      onSubmit={(credentials) => signIn.mutate({ data: credentials })}
      footer={
        <>
          New here? <Link to={`${handlerPath("sign-up")}${search}`}>Create an account</Link>
        </>
      }
    />
  );
}
