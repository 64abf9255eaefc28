import type { api } from "@gatehouse/clients/react";
import { Group, Table, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconArrowsSort } from "@tabler/icons-react";
import { flexRender, getCoreRowModel, useReactTable, type Header, type SortingState } from "@tanstack/react-table";
import { useMemo } from "react";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { userColumns } from "./user-columns";
import type { UserOrder, UserSort } from "./use-user-list-state";
import { DataTableBody, DataTableHead } from "../../../components/data-table";

interface UsersTableProps {
  users: api.ServerUser[];
  sort: UserSort;
  onSort: (sort: UserSort) => void;
  /** Another page is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/** One page of users, as the server sorted and cut it (wider screens; a phone gets user-cards.tsx). */
export function UsersTable({ users, sort, onSort, busy }: UsersTableProps) {
  const projectId = useProjectId();
  const columns = useMemo(() => userColumns((userId) => `${dashboardPath(projectId, "users")}/${userId}`), [projectId]);
  const sorting: SortingState = [{ id: sort.orderBy, desc: sort.desc }];
  const table = useReactTable({
    data: users,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (user) => user.id,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: true,
    state: { sorting },
    onSortingChange: (update) => {
      const [next] = typeof update === "function" ? update(sorting) : update;
      if (next) onSort({ orderBy: next.id as UserOrder, desc: next.desc });
    },
  });
  return (
    <Table.ScrollContainer minWidth={880} type="native">
      <Table highlightOnHover verticalSpacing="sm" aria-label="Users" aria-busy={busy || undefined} style={{ opacity: busy ? 0.55 : 1, transition: "opacity 120ms" }}>
        <DataTableHead table={table} cell={(header) => <HeaderCell key={header.id} header={header} />} />
        <DataTableBody table={table} rowIdAttribute="data-user-id" />
      </Table>
    </Table.ScrollContainer>
  );
}

function HeaderCell({ header }: { header: Header<api.ServerUser, unknown> }) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <Table.Th>{label}</Table.Th>;
  const direction = header.column.getIsSorted();
  const Icon = direction === "asc" ? IconArrowUp : direction === "desc" ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"} style={{ whiteSpace: "nowrap" }}>
      <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden style={{ opacity: direction ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
