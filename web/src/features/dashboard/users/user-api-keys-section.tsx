import type { api } from "@gatehouse/clients/react";
import { Badge, Button, Code, EmptyState, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconKeyOff } from "@tabler/icons-react";
import { ConfirmAction } from "../../../components/confirm-action";
import { exactTime } from "../../../lib/format-time";
import { apiKeyStatus, STATUS_COLORS } from "../../account-settings/api-keys/api-key-status";
import { SettingsSection } from "../../account-settings/settings-section";
import { useProjectId } from "../shell/project-context";
import { useAdminProject } from "./use-admin-project";
import { useRevokeUserApiKey, useUserApiKeys } from "./use-user-api-keys";

export function UserApiKeysSection({ user }: { user: api.ServerUser }) {
  return (
    <SettingsSection title="API keys" description="Keys the user made to call your app's API as themselves.">
      <UserApiKeys userId={user.id} />
    </SettingsSection>
  );
}

function UserApiKeys({ userId }: { userId: string }) {
  const projectId = useProjectId();
  // With user API keys turned off the server refuses to list them (API_KEYS_NOT_ENABLED): say so instead of asking.
  if (!useAdminProject(projectId).config.allow_user_api_keys) {
    return (
      <Text size="sm" c="dimmed">
        User API keys are turned off for this project.
      </Text>
    );
  }
  return <UserApiKeyList projectId={projectId} userId={userId} />;
}

function UserApiKeyList({ projectId, userId }: { projectId: string; userId: string }) {
  const keys = useUserApiKeys(projectId, userId);
  if (keys.length === 0) {
    return <EmptyState icon={<IconKeyOff aria-hidden />} withIndicatorBackground title="No API keys" description="The user has not made any API keys." />;
  }
  return (
    <Stack component="ul" gap="xs" aria-label="The user's API keys" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {keys.map((key) => (
        <UserApiKeyItem key={key.id} apiKey={key} />
      ))}
    </Stack>
  );
}

function UserApiKeyItem({ apiKey }: { apiKey: api.UserApiKey }) {
  const revoke = useRevokeUserApiKey(useProjectId(), apiKey.user_id);
  const status = apiKeyStatus(apiKey);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={apiKey.description}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: "1 1 16rem" }}>
          <Group gap="xs">
            <Text fw={500} className="break-anywhere">
              {apiKey.description}
            </Text>
            <Badge color={STATUS_COLORS[status]} variant="light" data-testid="api-key-status">
              {status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            <Code>…{apiKey.value.last_four}</Code> · created {exactTime(apiKey.created_at_millis)} ·{" "}
            {apiKey.expires_at_millis === undefined ? "never expires" : `${status === "Expired" ? "expired" : "expires"} ${exactTime(apiKey.expires_at_millis)}`}
          </Text>
        </Stack>
        {status === "Active" ? (
          <ConfirmAction
            trigger={(ask) => (
              <Button variant="light" color="red" size="xs" onClick={ask} aria-label={`Revoke the key ${apiKey.description}`}>
                Revoke
              </Button>
            )}
            title="Revoke this key?"
            confirmLabel="Revoke key"
            action={() => revoke.mutateAsync({ id: apiKey.id, data: { revoked: true }, params: { user_id: apiKey.user_id } })}
            onDone={() => notifications.show({ message: `The key “${apiKey.description}” is revoked.`, color: "green" })}
          >
            {`Anything that uses “${apiKey.description}” (ending in ${apiKey.value.last_four}) stops working at once. A revoked key cannot be turned back on.`}
          </ConfirmAction>
        ) : null}
      </Group>
    </Paper>
  );
}
