import { useSignUpWithPassword } from "@gatehouse/clients/react-query";
import { isKnownError } from "@gatehouse/clients/session";
import { Link, useLocation } from "react-router";
import { errorMessage } from "../../lib/error-message";
import { handlerPath, handlerUrl } from "../../lib/handler-paths";
import { newPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../lib/validation";
import { CredentialsForm, type Credentials } from "./credentials-form";
import { useFinishSignIn } from "./use-finish-sign-in";

export function SignUpPage() {
  const finishSignIn = useFinishSignIn();
  const { search } = useLocation();
  const signUp = useSignUpWithPassword({ mutation: { onSuccess: finishSignIn } });

  // The verification e-mail links to this site's email-verification page. A project that does
  // not trust this site's address refuses that link; as the Stack SDKs do (SPEC §4), sign up
  // without it rather than not at all.
  const submit = (credentials: Credentials) => {
    signUp.mutate(
      { data: { ...credentials, verification_callback_url: handlerUrl("email-verification") } },
      {
        onError: (error) => {
          if (!isKnownError(error, "REDIRECT_URL_NOT_WHITELISTED")) return;
          console.warn("This site is not a trusted domain of the project: signing up without a verification e-mail.");
          signUp.mutate({ data: credentials });
        },
      },
    );
  };

  return (
    <CredentialsForm
      title="Create an account"
      submitLabel="Sign up"
      passwordAutoComplete="new-password"
      passwordProblem={newPasswordProblem}
      passwordHint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
      pending={signUp.isPending}
      error={signUp.error ? errorMessage(signUp.error) : null}
      onSubmit={submit}
      footer={
        <>
          Already have an account? <Link to={`${handlerPath("sign-in")}${search}`}>Sign in</Link>
        </>
      }
    />
  );
}
