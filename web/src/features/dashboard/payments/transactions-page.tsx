import { Badge, Button, EmptyState, Group, Select, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChevronLeft, IconChevronRight, IconReceipt } from "@tabler/icons-react";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Boundary } from "../../../components/boundary";
import { ConfirmAction } from "../../../components/confirm-action";
import { useDocumentTitle } from "../../../components/page-card";
import { exactTime } from "../../../lib/format-time";
import { useProjectId } from "../shell/project-context";
import { CUSTOMER_TYPES } from "./catalog-types";
import { summarize, typeLabel } from "./transaction-summary";
import { refundable, TRANSACTION_TYPES, useRefund, useTransactions, type Transaction } from "./use-transactions";

/** Payments › Transactions: purchases, renewals, refunds and quantity changes, newest first, filtered and cursor-paged. */
export function TransactionsPage() {
  useDocumentTitle("Payments transactions");
  const projectId = useProjectId();
  const [type, setType] = useState<string | null>(null);
  const [customerType, setCustomerType] = useState<string | null>(null);
  // The cursors of the pages before this one, so that Previous can walk back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const filter = (change: () => void) => {
    change();
    setCursors([null]);
  };
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Type"
          placeholder="All types"
          data={TRANSACTION_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
          value={type}
          onChange={(value) => filter(() => setType(value))}
          clearable
          w={{ base: "100%", xs: 220 }}
        />
        <Select
          label="Customer type"
          placeholder="All customers"
          data={CUSTOMER_TYPES.map((value) => ({ value, label: value }))}
          value={customerType}
          onChange={(value) => filter(() => setCustomerType(value))}
          clearable
          w={{ base: "100%", xs: 180 }}
        />
      </Group>
      <Boundary>
        <TransactionList
          projectId={projectId}
          filter={{ type, customerType, cursor }}
          page={cursors.length}
          onNext={(next) => setCursors([...cursors, next])}
          onPrevious={() => setCursors(cursors.slice(0, -1))}
        />
      </Boundary>
    </Stack>
  );
}

interface TransactionListProps {
  projectId: string;
  filter: { type: string | null; customerType: string | null; cursor: string | null };
  page: number;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}

function TransactionList({ projectId, filter, page, onNext, onPrevious }: TransactionListProps) {
  const { items, next_cursor: nextCursor } = useTransactions(projectId, filter);
  const refund = useRefund(projectId);
  const columns = useMemo<ColumnDef<Transaction>[]>(
    () => [
      { id: "when", header: "When", cell: ({ row }) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{exactTime(row.original.created_at_millis)}</Text> },
      {
        id: "type",
        header: "Type",
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{typeLabel(row.original.type)}</Text>
            {row.original.test_mode ? (
              <Badge size="xs" variant="light" color="yellow">
                Test
              </Badge>
            ) : null}
            {row.original.adjusted_by.length > 0 ? (
              <Badge size="xs" variant="light" color="gray">
                Refunded
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: "customer",
        header: "Customer",
        cell: ({ row }) => {
          const customer = summarize(row.original).customer;
          return customer ? (
            <Text size="sm" className="break-anywhere">
              <Text span c="dimmed" size="xs">{`${customer.type} `}</Text>
              <Text span ff="monospace" size="xs">
                {customer.id}
              </Text>
            </Text>
          ) : null;
        },
      },
      {
        id: "what",
        header: "What",
        cell: ({ row }) => {
          const { product, items: changes } = summarize(row.original);
          return <Text size="sm">{[product, ...changes].filter(Boolean).join(", ")}</Text>;
        },
      },
      { id: "amount", header: "Amount", cell: ({ row }) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{summarize(row.original).amount ?? "—"}</Text> },
      {
        id: "actions",
        header: "",
        cell: ({ row }) =>
          refundable(row.original) ? (
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="outline" color="red" onClick={ask}>
                  Refund
                </Button>
              )}
              title="Refund this transaction?"
              confirmLabel="Refund"
              action={() => refund.mutateAsync(row.original)}
              onDone={() => notifications.show({ message: "Refunded.", color: "green" })}
            >
              The customer gets the money back and loses the product it bought.
            </ConfirmAction>
          ) : null,
      },
    ],
    [refund],
  );
  const table = useReactTable({ data: items, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });
  if (items.length === 0 && page === 1) {
    return <EmptyState size="sm" icon={<IconReceipt aria-hidden />} withIndicatorBackground title="No transactions yet" description="Purchases, renewals, refunds and quantity changes show here." />;
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" aria-label="Transactions" highlightOnHover>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" role="status">{`Page ${page}`}</Text>
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={page === 1} onClick={onPrevious}>
            Previous
          </Button>
          <Button variant="default" size="xs" rightSection={<IconChevronRight size={16} aria-hidden />} disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
            Next
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
