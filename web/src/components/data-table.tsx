import { Table } from "@mantine/core";
import { flexRender, type Header, type Table as TanStackTable } from "@tanstack/react-table";
import type { ReactNode } from "react";

/** A TanStack table's header rows; `cell` draws a header (a sortable one, say), else it is a plain `th`. */
export function DataTableHead<Row>({ table, cell, nowrap = false }: { table: TanStackTable<Row>; cell?: (header: Header<Row, unknown>) => ReactNode; nowrap?: boolean }) {
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id}>
          {group.headers.map((header) =>
            cell ? (
              cell(header)
            ) : (
              <Table.Th key={header.id} style={nowrap ? { whiteSpace: "nowrap" } : undefined}>
                {flexRender(header.column.columnDef.header, header.getContext())}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}

/** A TanStack table's rows; `rowIdAttribute` names a data attribute that carries each row's id (for tests and links). */
export function DataTableBody<Row>({ table, rowIdAttribute }: { table: TanStackTable<Row>; rowIdAttribute?: `data-${string}` }) {
  return (
    <Table.Tbody>
      {table.getRowModel().rows.map((row) => (
        <Table.Tr key={row.id} {...(rowIdAttribute ? { [rowIdAttribute]: row.id } : {})}>
          {row.getVisibleCells().map((cell) => (
            <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
