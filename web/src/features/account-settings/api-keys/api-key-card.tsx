import type { UserApiKey } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Code, DataList, Group, Paper, Stack, Text } from "@mantine/core";
import { exactTime } from "../../../lib/format-time";
import { apiKeyStatus, STATUS_COLORS, STATUS_LABELS } from "../../../lib/api-key-status";
import { RevokeApiKeyButton } from "./revoke-api-key-button";

export function ApiKeyCard({ apiKey }: { apiKey: UserApiKey }) {
  const { t, i18n } = useLingui();
  const status = apiKeyStatus(apiKey);
  const lastFour = apiKey.value.last_four;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={apiKey.description}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} className="break-anywhere">
            {apiKey.description}
          </Text>
          <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="api-key-status">
            {i18n._(STATUS_LABELS[status])}
          </Badge>
        </Group>
        <DataList size="sm" gap={4} labelWidth={88}>
          <DataList.Item>
            <DataList.ItemLabel>
              <Trans>Key</Trans>
            </DataList.ItemLabel>
            <DataList.ItemValue>
              <Code aria-label={t`Ending in ${lastFour}`}>…{lastFour}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              <Trans>Created</Trans>
            </DataList.ItemLabel>
            <DataList.ItemValue>{exactTime(apiKey.created_at_millis, i18n.locale)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{status === "Expired" ? <Trans>Expired</Trans> : <Trans>Expires</Trans>}</DataList.ItemLabel>
            <DataList.ItemValue>
              {apiKey.expires_at_millis === undefined ? <Trans>Never</Trans> : exactTime(apiKey.expires_at_millis, i18n.locale)}
            </DataList.ItemValue>
          </DataList.Item>
          {apiKey.manually_revoked_at_millis !== undefined ? (
            <DataList.Item>
              <DataList.ItemLabel>
                <Trans>Revoked</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue>{exactTime(apiKey.manually_revoked_at_millis, i18n.locale)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList>
        {status === "Active" ? <RevokeApiKeyButton apiKey={apiKey} /> : null}
      </Stack>
    </Paper>
  );
}
