import { useAddContactChannel, type ContactChannel } from "@gatehouse/clients/react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { emailProblem, focusFirstError } from "../../../lib/validation";
import { emailErrorMessage } from "./email-error-message";

/** A new address starts unverified and not used for sign-in; its menu then offers both. */
export function AddEmailForm({ channels }: { channels: ContactChannel[] }) {
  const add = useAddContactChannel();
  const form = useForm({
    initialValues: { email: "" },
    validate: {
      email: (value) => {
        const problem = emailProblem(value);
        if (problem) return problem;
        const email = value.trim().toLowerCase();
        return channels.some((channel) => channel.value.toLowerCase() === email) ? "This address is already on your account." : null;
      },
    },
  });
  const save = ({ email }: { email: string }) => {
    const value = email.trim();
    add.mutate(
      { data: { user_id: "me", type: "email", value, used_for_auth: false } },
      {
        onSuccess: (channel) => {
          form.reset();
          notifications.show({ message: `${channel.value} is added. Verify it to show that it is yours.`, color: "green" });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput label="Add an e-mail address" name="email" type="email" autoComplete="email" {...form.getInputProps("email")} />
        <ErrorAlert message={add.error ? emailErrorMessage(add.error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={add.isPending}>
            Add e-mail address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
