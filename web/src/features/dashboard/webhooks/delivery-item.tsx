import type { api } from "@gatehouse/clients/react";
import { Accordion, Badge, Code, Group, Stack, Table, Text } from "@mantine/core";
import { RelativeTime } from "../../../components/relative-time";
import { exactTime } from "../../../lib/format-time";

const STATUS_COLORS: Record<api.WebhookDelivery["status"], string> = { pending: "blue", delivered: "green", failed: "red" };
const STATUS_LABELS: Record<api.WebhookDelivery["status"], string> = { pending: "Pending", delivered: "Delivered", failed: "Failed" };

/** One event sent to one endpoint: its outcome, and each try when opened. */
export function DeliveryItem({ delivery, endpointUrl }: { delivery: api.WebhookDelivery; endpointUrl: string | undefined }) {
  return (
    <Accordion.Item value={delivery.id}>
      <Accordion.Control aria-label={`${delivery.event_type}, ${STATUS_LABELS[delivery.status]}`}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {delivery.event_type}
            </Text>
            <Text size="xs" c="dimmed" className="break-anywhere">
              {endpointUrl ?? `${delivery.endpoint_id} (removed)`}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" span>
              {exactTime(delivery.created_at_millis)}
            </Text>
            <Badge color={STATUS_COLORS[delivery.status]} variant="light">
              {STATUS_LABELS[delivery.status]}
            </Badge>
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text size="sm">
            {delivery.attempts === 1 ? "1 try" : `${delivery.attempts} tries`}
            {delivery.next_attempt_at_millis !== null ? (
              <>
                {"; next "}
                <RelativeTime millis={delivery.next_attempt_at_millis} />
              </>
            ) : null}
            {delivery.last_error ? `. Last error: ${delivery.last_error}` : ""}
          </Text>
          {delivery.tries.length > 0 ? (
            <Table.ScrollContainer minWidth={480} type="native">
              <Table verticalSpacing={4} fz="sm" aria-label="Tries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Try</Table.Th>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Answer</Table.Th>
                    <Table.Th>Took</Table.Th>
                    <Table.Th>Error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {delivery.tries.map((attempt) => (
                    <Table.Tr key={attempt.attempt}>
                      <Table.Td>{attempt.attempt}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{exactTime(attempt.attempted_at_millis)}</Table.Td>
                      <Table.Td>{attempt.status_code === null ? "None" : `HTTP ${attempt.status_code}`}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{attempt.duration_ms} ms</Table.Td>
                      <Table.Td className="break-anywhere">{attempt.error ?? ""}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Text size="xs" c="dimmed" className="break-anywhere">
            webhook-id {delivery.webhook_id}
          </Text>
          <Code block className="break-anywhere" style={{ whiteSpace: "pre-wrap", maxHeight: 240, overflow: "auto" }}>
            {prettyJson(delivery.payload)}
          </Code>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
