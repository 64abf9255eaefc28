import type { api } from "@gatehouse/clients/react";
import { Badge, Code, DataList, Group, Paper, Stack, Text } from "@mantine/core";
import { exactTime } from "../../../lib/format-time";
import { apiKeyStatus, STATUS_COLORS } from "../../../lib/api-key-status";
import { KEY_KINDS, NEVER_EXPIRES_MILLIS } from "./key-kinds";
import { RevokeKeySetButton } from "./revoke-key-set-button";

export function KeySetCard({ projectId, keySet }: { projectId: string; keySet: api.ProjectApiKeySet }) {
  const status = apiKeyStatus(keySet);
  const keys = KEY_KINDS.flatMap(({ kind, short }) => {
    const key = keySet[kind];
    return key ? [{ short, lastFour: key.last_four }] : [];
  });
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={keySet.description || "Key set without a description"}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} className="break-anywhere">
            {keySet.description || "No description"}
          </Text>
          <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="key-set-status">
            {status}
          </Badge>
        </Group>
        <DataList size="sm" gap={4} labelWidth={88}>
          <DataList.Item>
            <DataList.ItemLabel>Keys</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap="xs">
                {keys.map(({ short, lastFour }) => (
                  <Code key={short} aria-label={`${short} key ending in ${lastFour}`}>
                    {short} …{lastFour}
                  </Code>
                ))}
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Created</DataList.ItemLabel>
            <DataList.ItemValue>{exactTime(keySet.created_at_millis)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{status === "Expired" ? "Expired" : "Expires"}</DataList.ItemLabel>
            <DataList.ItemValue>{keySet.expires_at_millis >= NEVER_EXPIRES_MILLIS ? "Never" : exactTime(keySet.expires_at_millis)}</DataList.ItemValue>
          </DataList.Item>
          {keySet.manually_revoked_at_millis !== undefined ? (
            <DataList.Item>
              <DataList.ItemLabel>Revoked</DataList.ItemLabel>
              <DataList.ItemValue>{exactTime(keySet.manually_revoked_at_millis)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList>
        {status === "Active" ? <RevokeKeySetButton projectId={projectId} keySet={keySet} /> : null}
      </Stack>
    </Paper>
  );
}
