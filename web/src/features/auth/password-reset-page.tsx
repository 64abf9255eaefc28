import { Trans, useLingui } from "@lingui/react/macro";
import { useCheckPasswordResetCode, useGatehouse, useResetPassword } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { Link } from "react-router";
import { NewPasswordFields } from "../../components/new-password-fields";
import { ErrorAlert } from "../../components/error-alert";
import { IncompleteLink, isDeadLink, LinkProblem } from "../../components/link-problem";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { useLinkCode } from "../../lib/link-code";
import { focusFirstError, newPasswordProblem, passwordConfirmationProblem } from "../../lib/validation";

const LINK = "password-reset" as const;

/**
 * Where a mailed reset link leads (`?code=`). The code is checked first, so that a dead link
 * says so before anyone types a new password; it is used up only by the reset itself.
 */
export function PasswordResetPage() {
  const code = useLinkCode();
  if (!code) {
    return (
      <IncompleteLink link={LINK}>
        <AskAgain />
      </IncompleteLink>
    );
  }
  return <ResetWithCode code={code} />;
}

function ResetWithCode({ code }: { code: string }) {
  const { t } = useLingui();
  const { urls } = useGatehouse();
  const check = useCheckPasswordResetCode();
  const reset = useResetPassword();
  const { mutate: checkCode } = check;

  useEffect(() => {
    checkCode({ data: { code } });
  }, [checkCode, code]);

  if (reset.isSuccess) {
    return (
      <PageCard title={t`Your password has been changed`} announce>
        <Text>
          <Trans>For your safety, every device that was signed in to your account has been signed out.</Trans>
        </Text>
        <Group>
          <Button component={Link} to={urls.signIn}>
            <Trans>Sign in with the new password</Trans>
          </Button>
        </Group>
      </PageCard>
    );
  }
  // The link can also die between the check and the reset (used in another tab, expired).
  const deadLinkError = isDeadLink(reset.error) ? reset.error : check.error;
  if (deadLinkError) {
    return (
      <LinkProblem link={LINK} error={deadLinkError} onRetry={() => checkCode({ data: { code } })}>
        <AskAgain />
      </LinkProblem>
    );
  }
  if (!check.isSuccess) {
    return (
      <LoadingCard title={t`Checking your link`}>
        <Trans>Checking your password reset link…</Trans>
      </LoadingCard>
    );
  }
  return (
    <NewPasswordForm
      pending={reset.isPending}
      error={reset.error ? errorMessage(reset.error) : null}
      onSubmit={(password) => reset.mutate({ data: { code, password } })}
    />
  );
}

function NewPasswordForm(props: { pending: boolean; error: string | null; onSubmit: (password: string) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { password: "", confirmation: "" },
    validate: {
      password: newPasswordProblem,
      confirmation: (confirmation, values) => passwordConfirmationProblem(values.password, confirmation),
    },
  });
  return (
    <PageCard title={t`Choose a new password`}>
      <form noValidate onSubmit={form.onSubmit(({ password }) => props.onSubmit(password), focusFirstError)}>
        <Stack gap="sm">
          <NewPasswordFields form={form} field="password" />
          <ErrorAlert message={props.error} />
          <Button type="submit" fullWidth loading={props.pending}>
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

function AskAgain() {
  const { urls } = useGatehouse();
  return (
    <Group>
      <Button component={Link} to={urls.forgotPassword}>
        <Trans>Ask for a new link</Trans>
      </Button>
    </Group>
  );
}
