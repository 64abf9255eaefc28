import { Trans, useLingui } from "@lingui/react/macro";
import { keepReturnTarget, useGatehouse, useSendPasswordResetCode } from "@gatehouse/clients/react";
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { handlerUrl } from "../../lib/handler-paths";
import { emailProblem, focusFirstError } from "../../lib/validation";

/**
 * Asks for a password reset link. The answer reads the same whether or not an account uses
 * the address, as the server's does, so this page cannot be used to find out who has one.
 */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const { urls } = useGatehouse();
  const send = useSendPasswordResetCode();
  const form = useForm({ initialValues: { email: "" }, validate: { email: emailProblem } });
  const signIn = keepReturnTarget(urls.signIn);

  if (send.isSuccess) {
    const email = send.variables.data.email;
    return (
      <PageCard title={t`Check your inbox`} announce>
        <Text>
          <Trans>
            If an account uses <strong className="break-anywhere">{email}</strong>, we have sent it a link to choose a new password. The link
            works for one hour.
          </Trans>
        </Text>
        <Text c="dimmed" size="sm">
          <Trans>No e-mail after a few minutes? Look in your spam folder, or check the address and ask again.</Trans>
        </Text>
        <Group>
          <Button component={Link} to={signIn}>
            <Trans>Back to sign in</Trans>
          </Button>
          <Button variant="default" onClick={() => send.reset()}>
            <Trans>Use another address</Trans>
          </Button>
        </Group>
      </PageCard>
    );
  }

  return (
    <PageCard title={t`Reset your password`} description={t`Enter the e-mail address of your account and we will send you a link to choose a new password.`}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ email }) => send.mutate({ data: { email: email.trim(), callback_url: handlerUrl("passwordReset") } }), focusFirstError)}
      >
        <Stack gap="sm">
          <TextInput label={t`E-mail`} name="email" type="email" autoComplete="email" {...form.getInputProps("email")} />
          <ErrorAlert message={send.error ? errorMessage(send.error) : null} />
          <Button type="submit" fullWidth loading={send.isPending}>
            <Trans>Send reset link</Trans>
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Trans>
          Remembered it?{" "}
          <Anchor component={Link} to={signIn}>
            Sign in
          </Anchor>
        </Trans>
      </Text>
    </PageCard>
  );
}
