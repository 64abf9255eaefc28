import { useSetPassword } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { ErrorAlert } from "../../../components/error-alert";
import { UsernameHint } from "../../../components/username-hint";
import { errorMessage, type ErrorWording } from "../../../lib/error-message";
import { focusFirstError, newPasswordProblem, passwordConfirmationProblem } from "../../../lib/validation";

/** For an account made without a password (an e-mail code, a provider): adds one. */
export function SetPasswordForm({ email }: { email: string | null }) {
  const { t } = useLingui();
  // Answered when a password was set meanwhile (in another tab, say).
  const wording: ErrorWording = { PASSWORD_CONFIRMATION_MISMATCH: t`Your account has a password already. Reload the page to change it.` };
  const set = useSetPassword();
  const form = useForm({
    initialValues: { password: "", confirmation: "" },
    validate: { password: newPasswordProblem, confirmation: (confirmation, values) => passwordConfirmationProblem(values.password, confirmation) },
  });
  const save = (values: typeof form.values) =>
    set.mutate(
      { data: { password: values.password } },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ message: t`Your password is set.`, color: "green" });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <UsernameHint username={email} />
        <Text size="sm">
          <Trans>Your account has no password yet. Set one to sign in with your e-mail address and password.</Trans>
        </Text>
        <NewPasswordFields form={form} field="password" />
        <ErrorAlert message={set.error ? errorMessage(set.error, wording) : null} />
        <Group>
          <Button type="submit" loading={set.isPending}>
            <Trans>Set password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
