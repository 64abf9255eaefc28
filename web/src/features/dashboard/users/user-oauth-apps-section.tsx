import type { api } from "@gatehouse/clients/react";
import { Anchor, Avatar, Badge, Button, EmptyState, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconApps, IconPlugConnectedX } from "@tabler/icons-react";
import { Link } from "react-router";
import { ConfirmAction } from "../../../components/confirm-action";
import { RelativeTime } from "../../../components/relative-time";
import { SettingsSection } from "../../../components/settings-section";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { useDisconnectOAuthApp, useUserOAuthConnections } from "./use-user-oauth-connections";

/** The OAuth apps the user allowed to sign them in with the project, each of which can be disconnected. */
export function UserOAuthAppsSection({ user }: { user: api.ServerUser }) {
  return (
    <SettingsSection title="Connected apps" description="OAuth apps the user allowed to sign them in and act for them. Disconnecting one revokes its tokens at once; it must ask again.">
      <UserOAuthApps userId={user.id} />
    </SettingsSection>
  );
}

function UserOAuthApps({ userId }: { userId: string }) {
  const projectId = useProjectId();
  const connections = useUserOAuthConnections(projectId, userId);
  if (connections.length === 0) {
    return <EmptyState size="sm" icon={<IconPlugConnectedX aria-hidden />} withIndicatorBackground title="No connected apps" description="The user has not allowed any OAuth app." />;
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="The user's connected apps" style={{ listStyle: "none" }}>
      {connections.map((connection) => (
        <ConnectionItem key={connection.client_id} projectId={projectId} userId={userId} connection={connection} />
      ))}
    </Stack>
  );
}

function ConnectionItem({ projectId, userId, connection }: { projectId: string; userId: string; connection: api.OAuthConnection }) {
  const disconnect = useDisconnectOAuthApp(projectId, userId);
  const name = connection.display_name;
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={name}>
      {/* The button goes under the scopes on a narrow screen rather than squeezing them. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, maxWidth: "100%" }}>
          <Avatar src={connection.logo_url} alt="" radius="sm" size={32} color="blue" style={{ flexShrink: 0 }}>
            <IconApps size={18} aria-hidden />
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`${dashboardPath(projectId, "oauth-apps")}/${encodeURIComponent(connection.client_id)}`} fw={600} className="break-anywhere">
              {name}
            </Anchor>
            <Group gap={4}>
              {connection.scopes.map((scope) => (
                <Badge key={scope} variant="light" color="gray" tt="none" style={{ overflow: "visible" }}>
                  {scope}
                </Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              Allowed <RelativeTime millis={connection.connected_at_millis} />
            </Text>
          </Stack>
        </Group>
        <ConfirmAction
          trigger={(ask) => (
            <Button size="xs" variant="light" color="red" onClick={ask} aria-label={`Disconnect ${name}`} ml={44}>
              Disconnect
            </Button>
          )}
          title={`Disconnect ${name}?`}
          confirmLabel="Disconnect"
          action={() => disconnect.mutateAsync({ clientId: connection.client_id, params: { user_id: userId } })}
          onDone={() => notifications.show({ message: `${name} is disconnected.`, color: "green" })}
        >
          {`${name} loses what the user allowed it: its tokens for the user stop working at once, and it has to ask the user again.`}
        </ConfirmAction>
      </Group>
    </Paper>
  );
}
