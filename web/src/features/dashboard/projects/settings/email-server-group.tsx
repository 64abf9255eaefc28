import type { api } from "@gatehouse/clients/react";
import { Button, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconSend } from "@tabler/icons-react";
import { PasswordField } from "../../../../components/password-field";
import { EMAIL_SERVER_RULES, emailServerValues, smtpSettings, type EmailServerValues } from "./email-server-rules";
import { SettingsGroup } from "./settings-group";
import { TestEmailModal } from "./test-email-modal";
import { useSettingsForm } from "./use-settings-form";

const TYPES = [
  { value: "shared", label: "Gatehouse's server" },
  { value: "standard", label: "Your SMTP server" },
];

/** The SMTP server the project's e-mails go through, and a test message before relying on it. */
export function EmailServerGroup({ project }: { project: api.AdminProject }) {
  const [testing, testModal] = useDisclosure(false);
  const { form, groupProps } = useSettingsForm<EmailServerValues>(project.id, {
    title: "E-mail server",
    initialValues: emailServerValues(project.config.email_config),
    validate: EMAIL_SERVER_RULES,
    toUpdate: (values) => ({ config: { email_config: values.type === "shared" ? { type: "shared" } : { type: "standard", ...smtpSettings(values) } } }),
  });
  const standard = form.values.type === "standard";
  const test = () => {
    if (!form.validate().hasErrors) testModal.open();
  };
  return (
    <SettingsGroup
      {...groupProps}
      description="Verification codes, invitations and other e-mails are sent through this server."
      actions={
        standard ? (
          <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} onClick={test}>
            Send test e-mail
          </Button>
        ) : null
      }
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="email-server-type">
          Send through
        </Text>
        <SegmentedControl data={TYPES} aria-labelledby="email-server-type" {...form.getInputProps("type")} />
      </Stack>
      {standard ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Host" name="host" placeholder="smtp.example.com" {...form.getInputProps("host")} />
          <NumberInput label="Port" name="port" placeholder="587" min={0} max={65_535} allowDecimal={false} allowNegative={false} {...form.getInputProps("port")} />
          <TextInput label="Username" name="username" autoComplete="off" {...form.getInputProps("username")} />
          <PasswordField label="Password" name="password" autoComplete="new-password" {...form.getInputProps("password")} />
          <TextInput label="Sender name" name="sender_name" placeholder="Harbour app" {...form.getInputProps("sender_name")} />
          <TextInput label="Sender e-mail" name="sender_email" type="email" placeholder="no-reply@example.com" {...form.getInputProps("sender_email")} />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          E-mails go out through the server Gatehouse itself is set up with. Use your own SMTP server to send from your own address.
        </Text>
      )}
      <TestEmailModal projectId={project.id} opened={testing} onClose={testModal.close} settings={standard ? smtpSettings(form.values) : null} />
    </SettingsGroup>
  );
}
