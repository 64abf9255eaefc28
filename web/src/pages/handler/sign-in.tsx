import { useSignInWithPassword } from "@gatehouse/clients/react-query";
import { Link, useLocation } from "react-router";
import { CredentialsForm } from "../../components/credentials-form";
import { errorMessage } from "../../error-message";
import { useFinishSignIn } from "../../hooks/use-finish-sign-in";
import { useMfaHandOff } from "../../hooks/use-mfa-hand-off";
import { mfaAttemptCodeOf } from "../../mfa-attempt";

export function SignInPage() {
  const finishSignIn = useFinishSignIn();
  const handOffToMfa = useMfaHandOff();
  // Switching between sign-in and sign-up keeps the return target.
  const { search } = useLocation();
  const signIn = useSignInWithPassword({ mutation: { onSuccess: finishSignIn, onError: handOffToMfa } });
  // Asking for the second factor is a step, not a failure: the mfa page takes over.
  const error = signIn.error && !mfaAttemptCodeOf(signIn.error) ? errorMessage(signIn.error) : null;
  return (
    <CredentialsForm
      title="Sign in"
      submitLabel="Sign in"
      passwordAutoComplete="current-password"
      pending={signIn.isPending}
      error={error}
      onSubmit={(credentials) => signIn.mutate({ data: credentials })}
      footer={
        <>
          New here? <Link to={`/handler/sign-up${search}`}>Create an account</Link>
        </>
      }
    />
  );
}
