import { Badge, Button, EmptyState, Group, Paper, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconServer } from "@tabler/icons-react";
import { ConfirmAction } from "../../../components/confirm-action";
import { SettingsHeading } from "../../../components/settings-heading";
import { ResourceFormModal } from "./resource-form-modal";
import { useSaveOAuthServer, type OAuthResource } from "./use-oauth-server";

/** The APIs and MCP servers tokens may be issued for (RFC 8707 resource indicators), added and removed here. */
export function ResourcesSection({ projectId, resources }: { projectId: string; resources: OAuthResource[] }) {
  const [adding, addDialog] = useDisclosure(false);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label="APIs and MCP servers">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <SettingsHeading
            order={2}
            title="APIs and MCP servers"
            description="What apps may get tokens for. An app names one when it asks, and the token is good for that one only, with the scopes listed here."
          />
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addDialog.open}>
            Add API or MCP server
          </Button>
        </Group>
        {resources.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<IconServer aria-hidden />}
            withIndicatorBackground
            title="No APIs or MCP servers yet"
            description="Without one, tokens let apps sign users in and read their profile: add your API or MCP server so that apps can call it as the user."
          />
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="APIs and MCP servers" style={{ listStyle: "none" }}>
            {resources.map((resource) => (
              <ResourceItem key={resource.id} projectId={projectId} resource={resource} />
            ))}
          </Stack>
        )}
      </Stack>
      <ResourceFormModal projectId={projectId} opened={adding} onClose={addDialog.close} takenIds={resources.map((resource) => resource.id)} />
    </Paper>
  );
}

function ResourceItem({ projectId, resource }: { projectId: string; resource: OAuthResource }) {
  const save = useSaveOAuthServer(projectId);
  const name = resource.displayName || resource.id;
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={name}>
      {/* The button goes under a long address rather than squeezing it. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, maxWidth: "100%" }}>
          <Group gap="xs">
            <Text fw={600} className="break-anywhere">
              {name}
            </Text>
            {resource.displayName ? (
              <Badge variant="outline" color="gray" tt="none" style={{ overflow: "visible" }}>
                {resource.id}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" ff="monospace" className="break-anywhere">
            {resource.uri}
          </Text>
          <Group gap={4}>
            {resource.scopes.length === 0 ? (
              <Text size="xs" c="dimmed">
                No scopes: its tokens name it as their audience only.
              </Text>
            ) : (
              resource.scopes.map((scope) => (
                <Badge key={scope} variant="light" color="gray" tt="none" style={{ overflow: "visible" }}>
                  {scope}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
        <ConfirmAction
          trigger={(ask) => (
            <Button size="xs" variant="outline" color="red" onClick={ask} aria-label={`Remove ${name}`} style={{ flexShrink: 0 }}>
              Remove
            </Button>
          )}
          title={`Remove ${name}?`}
          confirmLabel="Remove"
          action={() => save.save({ [`oauthServer.resources.${resource.id}`]: null })}
          onDone={() => notifications.show({ message: `Apps can no longer get tokens for ${name}.`, color: "green" })}
        >
          {`Apps can no longer ask for new tokens for ${resource.uri}. Tokens already issued for it keep working until they expire.`}
        </ConfirmAction>
      </Group>
    </Paper>
  );
}
