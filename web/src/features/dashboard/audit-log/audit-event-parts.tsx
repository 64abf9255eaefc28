import { Stack, Text } from "@mantine/core";
import type { AuditEvent } from "./use-audit-log";

/** An actor or target as "type id" ("user 3f…"), or its type alone where it has no id. */
export const partyName = (party: { type: string; id: string | null } | null) => (party ? (party.id ? `${party.type} ${party.id}` : party.type) : "—");

/** An event's details and team, one "key value" line each (a value that is not text as JSON), wrapping between words where it can. */
export function AuditDetails({ event }: { event: AuditEvent }) {
  const entries = Object.entries(event.team_id ? { team_id: event.team_id, ...event.details } : event.details);
  if (entries.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} maw={320} miw={200}>
      {entries.map(([key, value]) => (
        <Text key={key} size="xs" ff="monospace" className="break-anywhere">
          <Text span inherit c="dimmed">
            {key}
          </Text>{" "}
          {typeof value === "string" ? value : JSON.stringify(value)}
        </Text>
      ))}
    </Stack>
  );
}
