import { useChangePassword } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { PasswordField } from "../../../components/password-field";
import { ErrorAlert } from "../../../components/error-alert";
import { UsernameHint } from "../../../components/username-hint";
import { errorMessage, type ErrorWording } from "../../../lib/error-message";
import { currentPasswordProblem, focusFirstError, newPasswordProblem, passwordConfirmationProblem } from "../../../lib/validation";

/** Changing a password needs the current one; the server then signs out every other session. */
export function ChangePasswordForm({ email }: { email: string | null }) {
  const { t } = useLingui();
  // The server answers a wrong current password as a confirmation mismatch.
  const wording: ErrorWording = { PASSWORD_CONFIRMATION_MISMATCH: t`Your current password is not right.` };
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: "", newPassword: "", confirmation: "" },
    validate: {
      currentPassword: currentPasswordProblem,
      newPassword: newPasswordProblem,
      confirmation: (confirmation, values) => passwordConfirmationProblem(values.newPassword, confirmation),
    },
  });
  const save = (values: typeof form.values) =>
    change.mutate(
      { data: { old_password: values.currentPassword, new_password: values.newPassword } },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ message: t`Your password is changed. Your other sessions have been signed out.`, color: "green" });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <UsernameHint username={email} />
        <PasswordField
          label={t`Current password`}
          name="currentPassword"
          autoComplete="current-password"
          {...form.getInputProps("currentPassword")}
        />
        <NewPasswordFields form={form} field="newPassword" />
        <ErrorAlert message={change.error ? errorMessage(change.error, wording) : null} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
