import { Group, Paper, Stack, Text } from "@mantine/core";
import { RelativeTime } from "../../../components/relative-time";
import { AuditDetails, partyName } from "./audit-event-parts";
import type { AuditEvent } from "./use-audit-log";

/**
 * One page of audit events as cards, for a phone: every column of the table (number, time,
 * action, actor, target, address and device, details) fits the width without scrolling sideways.
 */
export function AuditEventCards({ events, busy }: { events: AuditEvent[]; busy: boolean }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Audit events" aria-busy={busy || undefined} style={{ listStyle: "none", opacity: busy ? 0.55 : 1 }}>
      {events.map((event) => (
        <Paper component="li" key={event.id} withBorder p="sm" data-audit-seq={event.seq}>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" ff="monospace" fw={500} c={event.action.endsWith(".failed") ? "var(--mantine-color-red-text)" : undefined} className="break-anywhere">
                {event.action}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                #{event.seq} · <RelativeTime millis={event.created_at_millis} />
              </Text>
            </Group>
            <Text size="sm" className="break-anywhere">
              {`By ${partyName(event.actor)}`}
              {event.target ? `, on ${partyName(event.target)}` : ""}
            </Text>
            {event.ip || event.user_agent ? (
              <Text size="xs" c="dimmed" className="break-anywhere">
                {[event.ip, event.user_agent].filter(Boolean).join(" · ")}
              </Text>
            ) : null}
            <AuditDetails event={event} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
