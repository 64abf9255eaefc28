import { useApiKeys, type CreatedApiKey } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, EmptyState, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { SettingsSection } from "../../../components/settings-section";
import { ApiKeyCard } from "./api-key-card";
import { CreateApiKeyModal } from "./create-api-key-modal";
import { NewApiKeyDialog } from "./new-api-key-dialog";

export function ApiKeysSection() {
  const { t } = useLingui();
  return (
    <SettingsSection
      title={t`API keys`}
      description={t`Keys let your scripts and other programs use this app as you. Keep them secret, like a password.`}
    >
      <ApiKeys />
    </SettingsSection>
  );
}

function ApiKeys() {
  const keys = useApiKeys().toSorted((a, b) => b.created_at_millis - a.created_at_millis);
  const { t } = useLingui();
  const [creating, createModal] = useDisclosure(false);
  // The whole value lives here only while its dialog is open.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const forget = () => {
    setCreated(null);
    createButton.current?.focus();
  };
  return (
    <Stack gap="lg">
      <Group>
        <Button ref={createButton} leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
          <Trans>Create API key</Trans>
        </Button>
      </Group>
      {keys.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconKey aria-hidden />}
          withIndicatorBackground
          title={t`You have no API keys`}
          description={t`Create one for each program that needs to act as you.`}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Your API keys`}>
          {keys.map((key) => (
            <ApiKeyCard key={key.id} apiKey={key} />
          ))}
        </Stack>
      )}
      <CreateApiKeyModal
        opened={creating}
        onClose={createModal.close}
        onCreated={(key) => {
          createModal.close();
          setCreated(key);
        }}
      />
      <NewApiKeyDialog apiKey={created} onClose={forget} />
    </Stack>
  );
}
