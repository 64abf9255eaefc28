import { useSignInWithPassword } from "@gatehouse/clients/react-query";
import { Link, useLocation } from "react-router";
import { CredentialsForm } from "./credentials-form";
import { errorMessage } from "../../lib/error-message";
import { useFinishSignIn } from "./use-finish-sign-in";
import { handlerPath } from "../../lib/handler-paths";

export function SignInPage() {
  const finishSignIn = useFinishSignIn();
  // Switching between sign-in and sign-up keeps the return target.
  const { search } = useLocation();
  const signIn = useSignInWithPassword({ mutation: { onSuccess: finishSignIn } });
  return (
    <CredentialsForm
      title="Sign in"
      submitLabel="Sign in"
      passwordAutoComplete="current-password"
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
