import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTableBody, DataTableHead } from "../../../components/data-table";
import { RelativeTime } from "../../../components/relative-time";
import { AppIdentity } from "./app-identity";
import { countOf, grantNames, registeredByLabel, TYPE_LABELS } from "./app-labels";
import { CopyableValue } from "../../../components/copyable-value";
import type { OAuthApp } from "./use-oauth-apps";

const column = createColumnHelper<OAuthApp>();

/**
 * Four columns, so that the table fits beside the navigation at a laptop's width: what goes
 * together shares one (the client ID under the name, who registered the app under its type,
 * the redirect URIs under the grants they serve).
 */
function appColumns(appPath: (clientId: string) => string) {
  return [
    column.display({
      id: "app",
      header: "App",
      cell: ({ row: { original: app } }) => (
        <AppIdentity app={app} href={appPath(app.client_id)}>
          <CopyableValue value={app.client_id} copyLabel={`Copy the client ID of ${app.display_name}`} nowrap />
        </AppIdentity>
      ),
    }),
    column.accessor("type", {
      header: "Type",
      cell: ({ row: { original: app } }) => (
        <Stack gap={4} align="flex-start">
          <Badge variant="light" color={app.type === "confidential" ? "blue" : "grape"} style={{ overflow: "visible" }}>
            {TYPE_LABELS[app.type]}
          </Badge>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {app.registered_by === "dynamic" ? registeredByLabel(app) : "Added by an admin"}
          </Text>
        </Stack>
      ),
    }),
    column.accessor("grant_types", {
      header: "Grants",
      cell: ({ row: { original: app } }) => (
        <Stack gap={4} miw={140}>
          <Group gap={4}>
            {grantNames(app.grant_types).map((name) => (
              <Badge key={name} variant="outline" color="gray" tt="none" style={{ overflow: "visible" }}>
                {name}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {countOf(app.redirect_uris.length, "redirect URI", "redirect URIs")}
          </Text>
        </Stack>
      ),
    }),
    column.accessor("created_at_millis", {
      header: "Created",
      cell: ({ getValue }) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          <RelativeTime millis={getValue()} />
        </Text>
      ),
    }),
  ];
}

/** The project's apps (wider screens; a phone gets app-cards.tsx). */
export function AppsTable({ apps, appPath }: { apps: OAuthApp[]; appPath: (clientId: string) => string }) {
  const columns = useMemo(() => appColumns(appPath), [appPath]);
  const table = useReactTable({ data: apps, columns, getCoreRowModel: getCoreRowModel(), getRowId: (app) => app.client_id });
  return (
    <Table.ScrollContainer minWidth={660} type="native">
      <Table highlightOnHover verticalSpacing="sm" aria-label="OAuth apps">
        <DataTableHead table={table} nowrap />
        <DataTableBody table={table} rowIdAttribute="data-client-id" />
      </Table>
    </Table.ScrollContainer>
  );
}
