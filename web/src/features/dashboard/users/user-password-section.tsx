import type { api } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";
import { ErrorAlert } from "../../../components/error-alert";
import { PasswordField } from "../../../components/password-field";
import { focusFirstError, newPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../lib/validation";
import { SettingsSection } from "../../../components/settings-section";
import { useProjectId } from "../shell/project-context";
import { useUpdateProjectUser } from "./use-project-user";
import { userErrorMessage } from "./user-error-message";

/** Sets the user's password outright (`PATCH /users/{id}` with `password`), or removes it. */
export function UserPasswordSection({ user }: { user: api.ServerUser }) {
  const update = useUpdateProjectUser(useProjectId());
  const form = useForm({ initialValues: { password: "" }, validate: { password: newPasswordProblem } });
  const save = ({ password }: { password: string }) =>
    update.mutate(
      { userId: user.id, data: { password } },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ message: "The new password is set. The user's sessions stay signed in.", color: "green" });
        },
      },
    );
  return (
    <SettingsSection
      title="Password"
      description={user.has_password ? "The user has a password. Setting a new one replaces it; tell the user yourself." : "The user has no password."}
    >
      <Stack gap="md">
        <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
          <Stack gap="sm" maw={480}>
            <PasswordField
              label="New password"
              name="password"
              description={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
              autoComplete="new-password"
              {...form.getInputProps("password")}
            />
            <ErrorAlert message={update.error ? userErrorMessage(update.error) : null} />
            <Group>
              <Button type="submit" loading={update.isPending}>
                Set password
              </Button>
            </Group>
          </Stack>
        </form>
        {user.has_password ? (
          <Group>
            <ConfirmAction
              trigger={(ask) => (
                <Button variant="subtle" color="red" onClick={ask}>
                  Remove password
                </Button>
              )}
              title="Remove the user's password?"
              confirmLabel="Remove password"
              action={() => update.mutateAsync({ userId: user.id, data: { password: null } })}
              onDone={() => notifications.show({ message: "The password is removed.", color: "green" })}
            >
              <Text>The user can no longer sign in with a password, only in the other ways your app offers (a code by e-mail, a passkey, an OAuth provider).</Text>
            </ConfirmAction>
          </Group>
        ) : null}
      </Stack>
    </SettingsSection>
  );
}
