import type { api } from "@gatehouse/clients/react";
import { Button, Checkbox, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { emailProblem, focusFirstError } from "../../../lib/validation";
import { useProjectId } from "../shell/project-context";
import { useAddUserEmail } from "./use-user-emails";
import { userErrorMessage } from "./user-error-message";

const INITIAL = { email: "", verified: false, usedForAuth: false };

/** Adds an address to the user; an admin may vouch for it (verified) and let it sign in at once. */
export function AddUserEmailForm({ channels, userId }: { channels: api.ContactChannel[]; userId: string }) {
  const add = useAddUserEmail(useProjectId(), userId);
  const form = useForm({
    initialValues: INITIAL,
    validate: {
      email: (value) => {
        if (value.trim() === "") return "Enter the e-mail address to add.";
        const problem = emailProblem(value);
        if (problem) return problem;
        const email = value.trim().toLowerCase();
        return channels.some((channel) => channel.value.toLowerCase() === email) ? "This address is already on this user." : null;
      },
    },
  });
  const save = (values: typeof INITIAL) =>
    add.mutate(
      { data: { user_id: userId, type: "email", value: values.email.trim(), is_verified: values.verified, used_for_auth: values.usedForAuth } },
      {
        onSuccess: (channel) => {
          form.reset();
          notifications.show({ message: `${channel.value} is added to the user.`, color: "green" });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput label="Add an e-mail address" name="email" type="email" autoComplete="off" {...form.getInputProps("email")} />
        <Checkbox label="Verified" description="You know the address belongs to this person." {...form.getInputProps("verified", { type: "checkbox" })} />
        <Checkbox label="Used for sign-in" description="The user can sign in with it." {...form.getInputProps("usedForAuth", { type: "checkbox" })} />
        <ErrorAlert message={add.error ? userErrorMessage(add.error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={add.isPending}>
            Add e-mail address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
