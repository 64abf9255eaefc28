import { Trans, useLingui } from "@lingui/react/macro";
import { isMfaRequired, keepReturnTarget, useGatehouse, useSignInWithPassword } from "@gatehouse/clients/react";
import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { errorMessage } from "../../lib/error-message";
import { currentPasswordProblem } from "../../lib/validation";
import { CredentialsForm } from "./credentials-form";

/** E-mail and password; `forgotPassword` false leaves out the link to this site's reset page. */
export function PasswordSignIn({ forgotPassword = true }: { forgotPassword?: boolean }) {
  const { t } = useLingui();
  const { urls } = useGatehouse();
  const signIn = useSignInWithPassword();
  // Asking for the second factor is a step, not a failure: the mfa page takes over.
  const error = signIn.error && !isMfaRequired(signIn.error) ? errorMessage(signIn.error) : null;
  return (
    <CredentialsForm
      submitLabel={t`Sign in`}
      passwordAutoComplete="current-password"
      passwordProblem={currentPasswordProblem}
      passwordAside={
        forgotPassword ? (
          <Anchor component={Link} to={keepReturnTarget(urls.forgotPassword)} size="sm">
            <Trans>Forgot password?</Trans>
          </Anchor>
        ) : undefined
      }
      pending={signIn.isPending || signIn.isSuccess}
      error={error}
      onSubmit={(credentials) => signIn.mutate({ data: credentials })}
    />
  );
}
