import { useUser } from "@gatehouse/clients/react";
import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCheck } from "@tabler/icons-react";
import { ErrorAlert } from "../../../../components/error-alert";
import { errorMessage } from "../../../../lib/error-message";
import { emailProblem, focusFirstError } from "../../../../lib/validation";
import { useSendTestEmail } from "./use-project-settings";
import type { smtpSettings } from "./email-server-rules";

interface TestEmailModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** The settings being tried, as typed: they are used for this message only, not saved. */
  settings: ReturnType<typeof smtpSettings> | null;
}

export function TestEmailModal({ projectId, opened, onClose, settings }: TestEmailModalProps) {
  const send = useSendTestEmail(projectId);
  const close = () => {
    send.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Send a test e-mail" centered>
      {settings ? <TestEmailForm send={send} settings={settings} onClose={close} /> : null}
    </Modal>
  );
}

function TestEmailForm({ send, settings, onClose }: { send: ReturnType<typeof useSendTestEmail>; settings: ReturnType<typeof smtpSettings>; onClose: () => void }) {
  const user = useUser();
  const form = useForm({ initialValues: { recipient: user?.primary_email ?? "" }, validate: { recipient: emailProblem } });
  const submit = form.onSubmit(({ recipient }) => send.mutate({ data: { recipient_email: recipient.trim(), email_config: settings } }), focusFirstError);
  const result = send.data;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The dialog sits inside the group's form in React's tree, where a submit would bubble on and save the group.
        event.stopPropagation();
        submit(event);
      }}
    >
      <Stack gap="md">
        <TextInput label="Send to" name="recipient" type="email" data-autofocus {...form.getInputProps("recipient")} />
        {result?.success ? (
          <Alert color="green" variant="light" icon={<IconCheck aria-hidden />} role="status">
            The server accepted the message. If it does not arrive, look in the spam folder.
          </Alert>
        ) : null}
        <ErrorAlert
          title={result && !result.success ? "The server refused the message" : undefined}
          message={send.error ? errorMessage(send.error) : result && !result.success ? (result.error_message ?? "Email test error not specified") : null}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
