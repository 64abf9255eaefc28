import { Anchor, Button, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";
import { RelativeTime } from "../../../components/relative-time";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { formatDuration, replayDuration, replayUserLabel } from "./replay-format";
import type { SessionReplay } from "./use-session-replays";
import { DataTableBody, DataTableHead } from "../../../components/data-table";

const column = createColumnHelper<SessionReplay>();

function replayColumns(projectId: string) {
  const replayPath = (id: string) => `${dashboardPath(projectId, "session-replays")}/${id}`;
  return [
    column.display({
      id: "user",
      header: "User",
      cell: ({ row: { original: replay } }) => (
        <Stack gap={0} miw={200}>
          <Anchor component={Link} to={`${dashboardPath(projectId, "users")}/${replay.project_user.id}`} fw={500} className="break-anywhere">
            {replayUserLabel(replay)}
          </Anchor>
          {replay.project_user.display_name && replay.project_user.primary_email ? (
            <Text size="sm" c="dimmed" className="break-anywhere">
              {replay.project_user.primary_email}
            </Text>
          ) : null}
        </Stack>
      ),
    }),
    column.accessor("started_at_millis", { header: "Started", cell: ({ getValue }) => <RelativeTime millis={getValue()} /> }),
    column.display({ id: "duration", header: "Duration", cell: ({ row }) => <Text size="sm">{formatDuration(replayDuration(row.original))}</Text> }),
    column.accessor("event_count", { header: "Events", cell: ({ getValue }) => <Text size="sm">{getValue().toLocaleString()}</Text> }),
    column.accessor("click_count", { header: "Clicks", cell: ({ getValue }) => <Text size="sm">{getValue().toLocaleString()}</Text> }),
    column.display({
      id: "play",
      header: () => <VisuallyHidden>Play</VisuallyHidden>,
      cell: ({ row: { original: replay } }) => (
        <Button
          component={Link}
          to={replayPath(replay.id)}
          size="xs"
          variant="light"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          aria-label={`Play the replay of ${replayUserLabel(replay)}`}
        >
          Play
        </Button>
      ),
    }),
  ];
}

/** One page of replays, as the server ordered and cut it (latest activity first); it scrolls sideways at phone width. */
export function ReplaysTable({ replays, busy }: { replays: SessionReplay[]; busy: boolean }) {
  const projectId = useProjectId();
  const columns = useMemo(() => replayColumns(projectId), [projectId]);
  const table = useReactTable({ data: replays, columns, getCoreRowModel: getCoreRowModel(), getRowId: (replay) => replay.id });
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table highlightOnHover verticalSpacing="sm" aria-label="Session replays" aria-busy={busy || undefined} style={{ opacity: busy ? 0.55 : 1, transition: "opacity 120ms" }}>
        <DataTableHead table={table} nowrap />
        <DataTableBody table={table} rowIdAttribute="data-replay-id" />
      </Table>
    </Table.ScrollContainer>
  );
}
