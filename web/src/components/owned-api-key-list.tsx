import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Code, EmptyState, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconKeyOff } from "@tabler/icons-react";
import { ConfirmAction } from "./confirm-action";
import { exactTime } from "../lib/format-time";
import { apiKeyStatus, STATUS_COLORS, STATUS_LABELS } from "../lib/api-key-status";

/** What a user's and a team's API keys share, as the API lists them. */
export interface OwnedApiKey {
  id: string;
  description: string;
  expires_at_millis?: number;
  manually_revoked_at_millis?: number;
  created_at_millis: number;
  value: { last_four: string };
}

interface OwnedApiKeyListProps<Key extends OwnedApiKey> {
  keys: Key[];
  /** The list's accessible name, e.g. "The user's API keys". */
  label: string;
  /** The empty state's sentence, e.g. "The user has not made any API keys." */
  emptyDescription: string;
  revoke: (key: Key) => Promise<unknown>;
}

/** A user's or a team's API keys as their project's admins see them: status, last four, dates, and revoke. */
export function OwnedApiKeyList<Key extends OwnedApiKey>({ keys, label, emptyDescription, revoke }: OwnedApiKeyListProps<Key>) {
  const { t } = useLingui();
  if (keys.length === 0) {
    return <EmptyState icon={<IconKeyOff aria-hidden />} withIndicatorBackground title={t`No API keys`} description={emptyDescription} />;
  }
  return (
    <Stack component="ul" gap="xs" aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {keys.map((key) => (
        <OwnedApiKeyItem key={key.id} apiKey={key} revoke={() => revoke(key)} />
      ))}
    </Stack>
  );
}

function OwnedApiKeyItem({ apiKey, revoke }: { apiKey: OwnedApiKey; revoke: () => Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const status = apiKeyStatus(apiKey);
  const description = apiKey.description;
  const lastFour = apiKey.value.last_four;
  const created = exactTime(apiKey.created_at_millis, i18n.locale);
  const expires = apiKey.expires_at_millis === undefined ? null : exactTime(apiKey.expires_at_millis, i18n.locale);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={apiKey.description}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: "1 1 16rem" }}>
          <Group gap="xs">
            <Text fw={500} className="break-anywhere">
              {apiKey.description}
            </Text>
            <Badge color={STATUS_COLORS[status]} variant="light" data-testid="api-key-status">
              {i18n._(STATUS_LABELS[status])}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            <Code>…{lastFour}</Code> · <Trans>created {created}</Trans> ·{" "}
            {expires === null ? (
              <Trans>never expires</Trans>
            ) : status === "Expired" ? (
              <Trans>expired {expires}</Trans>
            ) : (
              <Trans>expires {expires}</Trans>
            )}
          </Text>
        </Stack>
        {status === "Active" ? (
          <ConfirmAction
            trigger={(ask) => (
              <Button variant="light" color="red" size="xs" onClick={ask} aria-label={t`Revoke the key ${description}`}>
                <Trans>Revoke</Trans>
              </Button>
            )}
            title={t`Revoke this key?`}
            confirmLabel={t`Revoke key`}
            action={revoke}
            onDone={() => notifications.show({ message: t`The key “${description}” is revoked.`, color: "green" })}
          >
            {t`Anything that uses “${description}” (ending in ${lastFour}) stops working at once. A revoked key cannot be turned back on.`}
          </ConfirmAction>
        ) : null}
      </Group>
    </Paper>
  );
}
