import { useAddContactChannel, type ContactChannel } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { AddEmailForm as Form } from "../../../components/add-email-form";
import { newAddressProblem } from "../../../lib/validation";
import { emailErrorMessage } from "./email-error-message";

/** A new address starts unverified and not used for sign-in; its menu then offers both. */
export function AddEmailForm({ channels }: { channels: ContactChannel[] }) {
  const { t } = useLingui();
  const add = useAddContactChannel();
  const form = useForm({
    initialValues: { email: "" },
    validate: { email: (value) => newAddressProblem(value, channels, t`This address is already on your account.`) },
  });
  const save = ({ email }: { email: string }) => {
    const value = email.trim();
    add.mutate(
      { data: { user_id: "me", type: "email", value, used_for_auth: false } },
      {
        onSuccess: (channel) => {
          const address = channel.value;
          form.reset();
          notifications.show({ message: t`${address} is added. Verify it to show that it is yours.`, color: "green" });
        },
      },
    );
  };
  return <Form form={form} save={save} autoComplete="email" pending={add.isPending} error={add.error ? emailErrorMessage(add.error) : null} />;
}
