import { useUser } from "@gatehouse/clients/react";
import { Alert, Button, Group, List, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { SettingsSection } from "../../../components/settings-section";
import { DeleteAccountModal } from "./delete-account-modal";

export function DeleteAccountSection() {
  return (
    <SettingsSection title="Delete account" description="Remove your account from this app for good.">
      <DeleteAccount />
    </SettingsSection>
  );
}

function DeleteAccount() {
  const user = useUser({ or: "redirect" });
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="This cannot be undone">
        <Text size="sm">Deleting your account removes at once:</Text>
        <List size="sm" mt={4} spacing={2}>
          <List.Item>your profile, e-mail addresses and password</List.Item>
          <List.Item>every session, so you are signed out everywhere</List.Item>
          <List.Item>your API keys, your notification choices and your place in every team</List.Item>
        </List>
        <Text size="sm" mt="xs">
          Teams you belong to stay, with their other members.
        </Text>
      </Alert>
      <Group>
        <Button color="red" onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </Group>
      <DeleteAccountModal user={user} opened={confirming} onClose={() => setConfirming(false)} />
    </Stack>
  );
}
