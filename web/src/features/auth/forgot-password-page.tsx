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
  const { urls } = useGatehouse();
  const send = useSendPasswordResetCode();
  const form = useForm({ initialValues: { email: "" }, validate: { email: emailProblem } });
  const signIn = keepReturnTarget(urls.signIn);

  if (send.isSuccess) {
    return (
      <PageCard title="Check your inbox" announce>
        <Text>
          If an account uses <strong className="break-anywhere">{send.variables.data.email}</strong>, we have sent it a link to choose a new
          password. The link works for one hour.
        </Text>
        <Text c="dimmed" size="sm">
          No e-mail after a few minutes? Look in your spam folder, or check the address and ask again.
        </Text>
        <Group>
          <Button component={Link} to={signIn}>
            Back to sign in
          </Button>
          <Button variant="default" onClick={() => send.reset()}>
            Use another address
          </Button>
        </Group>
      </PageCard>
    );
  }

  return (
    <PageCard title="Reset your password" description="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      <form
        noValidate
        onSubmit={form.onSubmit(({ email }) => send.mutate({ data: { email: email.trim(), callback_url: handlerUrl("passwordReset") } }), focusFirstError)}
      >
        <Stack gap="sm">
          <TextInput label="E-mail" name="email" type="email" autoComplete="email" {...form.getInputProps("email")} />
          <ErrorAlert message={send.error ? errorMessage(send.error) : null} />
          <Button type="submit" fullWidth loading={send.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it?{" "}
        <Anchor component={Link} to={signIn}>
          Sign in
        </Anchor>
      </Text>
    </PageCard>
  );
}
