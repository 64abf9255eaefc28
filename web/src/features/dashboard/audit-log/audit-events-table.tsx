import { Stack, Table, Text } from "@mantine/core";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { RelativeTime } from "../../../components/relative-time";
import { DataTableBody, DataTableHead } from "../../../components/data-table";
import { AuditDetails, partyName } from "./audit-event-parts";
import type { AuditEvent } from "./use-audit-log";

const column = createColumnHelper<AuditEvent>();

const COLUMNS = [
  column.accessor("seq", { header: "#", cell: ({ getValue }) => <Text size="sm" ff="monospace">{getValue()}</Text> }),
  column.accessor("created_at_millis", {
    header: "When",
    cell: ({ getValue }) => (
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        <RelativeTime millis={getValue()} />
      </Text>
    ),
  }),
  column.accessor("action", {
    header: "Action",
    cell: ({ getValue }) => (
      <Text size="sm" ff="monospace" fw={500} c={getValue().endsWith(".failed") ? "var(--mantine-color-red-text)" : undefined} style={{ whiteSpace: "nowrap" }}>
        {getValue()}
      </Text>
    ),
  }),
  column.display({ id: "actor", header: "Actor", cell: ({ row }) => <Text size="sm" className="break-anywhere">{partyName(row.original.actor)}</Text> }),
  column.display({ id: "target", header: "Target", cell: ({ row }) => <Text size="sm" className="break-anywhere">{partyName(row.original.target)}</Text> }),
  column.display({
    id: "origin",
    header: "IP and device",
    cell: ({ row }) => (
      <Stack gap={0} maw={260}>
        <Text size="sm">{row.original.ip ?? "—"}</Text>
        {row.original.user_agent ? (
          <Text size="xs" c="dimmed" lineClamp={1} title={row.original.user_agent}>
            {row.original.user_agent}
          </Text>
        ) : null}
      </Stack>
    ),
  }),
  column.display({ id: "details", header: "Details", cell: ({ row }) => <AuditDetails event={row.original} /> }),
];

/** One page of audit events, newest first, as the server cut it, for wider screens (a phone gets AuditEventCards). */
export function AuditEventsTable({ events, busy }: { events: AuditEvent[]; busy: boolean }) {
  const table = useReactTable({ data: events, columns: COLUMNS, getCoreRowModel: getCoreRowModel(), getRowId: (event) => event.id });
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" aria-label="Audit events" aria-busy={busy || undefined} style={{ opacity: busy ? 0.55 : 1, transition: "opacity 120ms" }}>
        <DataTableHead table={table} nowrap />
        <DataTableBody table={table} rowIdAttribute="data-audit-seq" />
      </Table>
    </Table.ScrollContainer>
  );
}
