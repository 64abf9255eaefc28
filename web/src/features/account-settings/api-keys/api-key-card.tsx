import type { UserApiKey } from "@gatehouse/clients/react";
import { Badge, Code, DataList, Group, Paper, Stack, Text } from "@mantine/core";
import { exactTime } from "../../../lib/format-time";
import { apiKeyStatus, STATUS_COLORS } from "../../../lib/api-key-status";
import { RevokeApiKeyButton } from "./revoke-api-key-button";

export function ApiKeyCard({ apiKey }: { apiKey: UserApiKey }) {
  const status = apiKeyStatus(apiKey);
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={apiKey.description}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} className="break-anywhere">
            {apiKey.description}
          </Text>
          <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="api-key-status">
            {status}
          </Badge>
        </Group>
        <DataList size="sm" gap={4} labelWidth={88}>
          <DataList.Item>
            <DataList.ItemLabel>Key</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code aria-label={`Ending in ${apiKey.value.last_four}`}>…{apiKey.value.last_four}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Created</DataList.ItemLabel>
            <DataList.ItemValue>{exactTime(apiKey.created_at_millis)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{status === "Expired" ? "Expired" : "Expires"}</DataList.ItemLabel>
            <DataList.ItemValue>{apiKey.expires_at_millis === undefined ? "Never" : exactTime(apiKey.expires_at_millis)}</DataList.ItemValue>
          </DataList.Item>
          {apiKey.manually_revoked_at_millis !== undefined ? (
            <DataList.Item>
              <DataList.ItemLabel>Revoked</DataList.ItemLabel>
              <DataList.ItemValue>{exactTime(apiKey.manually_revoked_at_millis)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList>
        {status === "Active" ? <RevokeApiKeyButton apiKey={apiKey} /> : null}
      </Stack>
    </Paper>
  );
}
