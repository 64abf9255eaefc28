import { useSignUpWithPassword } from "@gatehouse/clients/react-query";
import { Link, useLocation } from "react-router";
import { CredentialsForm } from "./credentials-form";
import { errorMessage } from "../../lib/error-message";
import { useFinishSignIn } from "./use-finish-sign-in";
import { handlerPath } from "../../lib/handler-paths";

export function SignUpPage() {
  const finishSignIn = useFinishSignIn();
  const { search } = useLocation();
  const signUp = useSignUpWithPassword({ mutation: { onSuccess: finishSignIn } });
  return (
    <CredentialsForm
      title="Create an account"
      submitLabel="Sign up"
      passwordAutoComplete="new-password"
      passwordHint="At least 8 characters."
      pending={signUp.isPending}
      error={signUp.error ? errorMessage(signUp.error) : null}
      onSubmit={(credentials) => signUp.mutate({ data: credentials })}
      footer={
        <>
          Already have an account? <Link to={`${handlerPath("sign-in")}${search}`}>Sign in</Link>
        </>
      }
    />
  );
}
