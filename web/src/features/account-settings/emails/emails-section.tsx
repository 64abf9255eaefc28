import { useContactChannels } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { Stack } from "@mantine/core";
import { SettingsSection } from "../../../components/settings-section";
import { AddEmailForm } from "./add-email-form";
import { EmailList } from "./email-list";

export function EmailsSection() {
  const { t } = useLingui();
  return (
    <SettingsSection
      title={t`E-mails`}
      description={t`Account mail goes to your primary address. Addresses used for sign-in can sign in with your password or a code by e-mail.`}
    >
      <Emails />
    </SettingsSection>
  );
}

function Emails() {
  const channels = useContactChannels();
  return (
    <Stack gap="xl">
      <EmailList channels={channels} />
      <AddEmailForm channels={channels} />
    </Stack>
  );
}
