import { useUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, List, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { SettingsSection } from "../../../components/settings-section";
import { DeleteAccountModal } from "./delete-account-modal";

export function DeleteAccountSection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Delete account`} description={t`Remove your account from this app for good.`}>
      <DeleteAccount />
    </SettingsSection>
  );
}

function DeleteAccount() {
  const user = useUser({ or: "redirect" });
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t`This cannot be undone`}>
        <Text size="sm">
          <Trans>Deleting your account removes at once:</Trans>
        </Text>
        <List size="sm" mt={4} spacing={2}>
          <List.Item>
            <Trans>your profile, e-mail addresses and password</Trans>
          </List.Item>
          <List.Item>
            <Trans>every session, so you are signed out everywhere</Trans>
          </List.Item>
          <List.Item>
            <Trans>your API keys, your notification choices and your place in every team</Trans>
          </List.Item>
        </List>
        <Text size="sm" mt="xs">
          <Trans>Teams you belong to stay, with their other members.</Trans>
        </Text>
      </Alert>
      <Group>
        <Button color="red" onClick={() => setConfirming(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      </Group>
      <DeleteAccountModal user={user} opened={confirming} onClose={() => setConfirming(false)} />
    </Stack>
  );
}
