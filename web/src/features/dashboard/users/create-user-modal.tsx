import { Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../../components/error-alert";
import { PasswordField } from "../../../components/password-field";
import { displayNameProblem, emailProblem, focusFirstError, newPasswordProblem } from "../../../lib/validation";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { useCreateProjectUser } from "./use-project-users";
import { userErrorMessage } from "./user-error-message";

const INITIAL = { email: "", displayName: "", password: "", emailVerified: false };

/** A new user with an e-mail address they can sign in with, and optionally a password and a name. */
export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const projectId = useProjectId();
  const create = useCreateProjectUser(projectId);
  const navigate = useNavigate();
  const form = useForm({
    initialValues: INITIAL,
    validate: {
      email: (value) => (value.trim() === "" ? "Enter the user's e-mail address." : emailProblem(value)),
      displayName: displayNameProblem,
      // Optional: without one the user signs in with a code by e-mail or an OAuth provider.
      password: (value) => (value === "" ? null : newPasswordProblem(value)),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const displayName = values.displayName.trim();
    create.mutate(
      {
        data: {
          primary_email: values.email.trim(),
          primary_email_verified: values.emailVerified,
          primary_email_auth_enabled: true,
          display_name: displayName === "" ? undefined : displayName,
          password: values.password === "" ? undefined : values.password,
        },
      },
      {
        onSuccess: (user) => {
          close();
          notifications.show({ message: `${user.primary_email ?? "The user"} is created.`, color: "green" });
          void navigate(`${dashboardPath(projectId, "users")}/${user.id}`);
        },
      },
    );
  }, focusFirstError);
  return (
    <Modal opened={opened} onClose={close} title="Create a user" centered closeOnClickOutside={!create.isPending}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="E-mail" name="email" type="email" autoComplete="off" data-autofocus {...form.getInputProps("email")} />
          <TextInput label="Display name" name="displayName" description="Optional." autoComplete="off" {...form.getInputProps("displayName")} />
          <PasswordField
            label="Password"
            name="password"
            description="Optional: 8 to 70 characters. Without one, the user signs in with a code by e-mail or another way your app offers."
            autoComplete="new-password"
            {...form.getInputProps("password")}
          />
          <Checkbox
            label="E-mail address is verified"
            description="Only if you know the address belongs to this person: they will not be asked to verify it."
            name="emailVerified"
            {...form.getInputProps("emailVerified", { type: "checkbox" })}
          />
          <ErrorAlert message={create.error ? userErrorMessage(create.error) : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
