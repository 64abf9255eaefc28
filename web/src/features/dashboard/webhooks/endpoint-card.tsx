import type { api } from "@gatehouse/clients/react";
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { Link } from "react-router";
import { ConfirmAction } from "../../../components/confirm-action";
import { useDeleteWebhookEndpoint, useRotateWebhookSecret, useSendTestWebhook } from "./use-webhook-endpoints";
import { TestWebhookResult } from "./test-webhook-result";

interface EndpointCardProps {
  projectId: string;
  endpoint: api.WebhookEndpoint;
  onEdit: () => void;
  /** A new signing secret, to be shown once. */
  onSecret: (secret: string) => void;
  /** The address of the delivery log of this endpoint. */
  deliveriesHref: string;
}

export function EndpointCard({ projectId, endpoint, onEdit, onSecret, deliveriesHref }: EndpointCardProps) {
  const test = useSendTestWebhook(projectId);
  const rotate = useRotateWebhookSecret(projectId);
  const remove = useDeleteWebhookEndpoint(projectId);
  const name = endpoint.description || endpoint.url;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} className="break-anywhere">
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text size="sm" c="dimmed" className="break-anywhere">
                {endpoint.description}
              </Text>
            ) : null}
          </Stack>
          <Badge color={endpoint.enabled ? "green" : "gray"} variant="light" style={{ flexShrink: 0 }}>
            {endpoint.enabled ? "Enabled" : "Disabled"}
          </Badge>
        </Group>
        <Group gap={6}>
          <Text size="sm">Events:</Text>
          {endpoint.events.length === 0 ? (
            <Text size="sm" c="dimmed">
              All events
            </Text>
          ) : (
            endpoint.events.map((event) => (
              <Badge key={event} variant="outline" color="gray" tt="none">
                {event}
              </Badge>
            ))
          )}
        </Group>
        {test.data ? <TestWebhookResult result={test.data} /> : null}
        <Group gap="xs">
          <Button size="xs" leftSection={<IconSend size={14} aria-hidden />} loading={test.isPending} onClick={() => test.mutate({ data: { endpoint_id: endpoint.id } })}>
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <ConfirmAction
            trigger={(ask) => (
              <Button size="xs" variant="default" onClick={ask}>
                Rotate secret
              </Button>
            )}
            title="Give the endpoint a new secret?"
            confirmLabel="Rotate secret"
            action={async () => onSecret((await rotate.mutateAsync({ endpointId: endpoint.id })).secret)}
          >
            {`The current secret stops signing at once: ${endpoint.url} must check signatures with the new one, shown next, or it will refuse the events.`}
          </ConfirmAction>
          <ConfirmAction
            trigger={(ask) => (
              <Button size="xs" variant="outline" color="red" onClick={ask}>
                Delete
              </Button>
            )}
            title="Delete this endpoint?"
            confirmLabel="Delete endpoint"
            action={() => remove.mutateAsync({ endpointId: endpoint.id })}
            onDone={() => notifications.show({ message: `${name} no longer receives events.`, color: "green" })}
          >
            {`Events stop going to ${endpoint.url}, and its deliveries still waiting fail. The delivery log keeps what was sent.`}
          </ConfirmAction>
          <Anchor component={Link} to={deliveriesHref} size="sm" ml="auto">
            Deliveries
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
