import { useChangePassword } from "@gatehouse/clients/react";
import { Button, Group, Stack } from "@mantine/core";
import { PasswordField } from "../../../components/password-field";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import {
  currentPasswordProblem,
  focusFirstError,
  newPasswordProblem,
  passwordConfirmationProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../../../lib/validation";

/** Changing a password needs the current one; the server then signs out every other session. */
export function ChangePasswordForm() {
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
          notifications.show({ message: "Your password is changed. Your other sessions have been signed out.", color: "green" });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" {...form.getInputProps("currentPassword")} />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          description={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
          {...form.getInputProps("newPassword")}
        />
        <PasswordField label="Repeat the new password" name="confirmation" autoComplete="new-password" {...form.getInputProps("confirmation")} />
        <ErrorAlert message={change.error ? errorMessage(change.error) : null} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
