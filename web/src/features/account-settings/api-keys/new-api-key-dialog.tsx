import type { CreatedApiKey } from "@gatehouse/clients/react";
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";

/**
 * The one time a key's whole value is shown. Clicking beside the dialog does not close it, so
 * that the key is not lost by accident; closing it forgets the value for good.
 */
export function NewApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Your new API key" centered closeOnClickOutside={false} returnFocus={false} size="lg">
      {apiKey ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Copy it now">
            This is the only time the whole key is shown. Once you close this window, only its last four characters are kept, and a lost key cannot be
            recovered: you would create a new one.
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {apiKey.description}
            </Text>
            <Code block className="break-anywhere" data-testid="new-api-key-value" style={{ whiteSpace: "pre-wrap" }}>
              {apiKey.value}
            </Code>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={apiKey.value} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? "light" : "filled"}
                  color={copied ? "green" : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? "Copied" : "Copy key"}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
