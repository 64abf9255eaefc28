import { Badge, Group, Table, Text } from "@mantine/core";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTableBody, DataTableHead } from "../../../components/data-table";
import { RelativeTime } from "../../../components/relative-time";
import { AppIdentity } from "./app-identity";
import { grantNames, registeredByLabel, TYPE_LABELS } from "./app-labels";
import { CopyableValue } from "./copyable-value";
import type { OAuthApp } from "./use-oauth-apps";

const column = createColumnHelper<OAuthApp>();

function appColumns(appPath: (clientId: string) => string) {
  return [
    column.display({
      id: "app",
      header: "App",
      cell: ({ row: { original: app } }) => (
        <AppIdentity app={app} href={appPath(app.client_id)}>
          <CopyableValue value={app.client_id} copyLabel={`Copy the client ID of ${app.display_name}`} />
        </AppIdentity>
      ),
    }),
    column.accessor("type", {
      header: "Type",
      cell: ({ getValue }) => (
        <Badge variant="light" color={getValue() === "confidential" ? "blue" : "grape"} style={{ overflow: "visible" }}>
          {TYPE_LABELS[getValue()]}
        </Badge>
      ),
    }),
    column.accessor("grant_types", {
      header: "Grants",
      cell: ({ getValue }) => (
        <Group gap={4} miw={120}>
          {grantNames(getValue()).map((name) => (
            <Badge key={name} variant="outline" color="gray" tt="none" style={{ overflow: "visible" }}>
              {name}
            </Badge>
          ))}
        </Group>
      ),
    }),
    column.accessor((app) => app.redirect_uris.length, { id: "redirect_uris", header: "Redirect URIs", cell: ({ getValue }) => <Text size="sm">{getValue()}</Text> }),
    column.accessor("registered_by", { header: "Registered by", cell: ({ row }) => <Text size="sm">{registeredByLabel(row.original)}</Text> }),
    column.accessor("created_at_millis", { header: "Created", cell: ({ getValue }) => <RelativeTime millis={getValue()} /> }),
  ];
}

/** The project's apps (wider screens; a phone gets app-cards.tsx). */
export function AppsTable({ apps, appPath }: { apps: OAuthApp[]; appPath: (clientId: string) => string }) {
  const columns = useMemo(() => appColumns(appPath), [appPath]);
  const table = useReactTable({ data: apps, columns, getCoreRowModel: getCoreRowModel(), getRowId: (app) => app.client_id });
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table highlightOnHover verticalSpacing="sm" aria-label="OAuth apps">
        <DataTableHead table={table} nowrap />
        <DataTableBody table={table} rowIdAttribute="data-client-id" />
      </Table>
    </Table.ScrollContainer>
  );
}
