import type { api } from "@gatehouse/clients/react";
import { Checkbox } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { AddEmailForm } from "../../../components/add-email-form";
import { newAddressProblem } from "../../../lib/validation";
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
      email: (value) => (value.trim() === "" ? "Enter the e-mail address to add." : newAddressProblem(value, channels, "This address is already on this user.")),
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
    <AddEmailForm form={form} save={save} autoComplete="off" pending={add.isPending} error={add.error ? userErrorMessage(add.error) : null}>
      <Checkbox label="Verified" description="You know the address belongs to this person." {...form.getInputProps("verified", { type: "checkbox" })} />
      <Checkbox label="Used for sign-in" description="The user can sign in with it." {...form.getInputProps("usedForAuth", { type: "checkbox" })} />
    </AddEmailForm>
  );
}
