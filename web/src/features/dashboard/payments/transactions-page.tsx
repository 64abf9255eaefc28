import { Anchor, Badge, Button, EmptyState, Group, Select, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChevronLeft, IconChevronRight, IconReceipt } from "@tabler/icons-react";
import { getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Boundary } from "../../../components/boundary";
import { ConfirmAction } from "../../../components/confirm-action";
import { useDocumentTitle } from "../../../components/page-card";
import { formatMoney } from "../../../lib/currencies";
import { exactTime } from "../../../lib/format-time";
import { Link } from "react-router";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { CUSTOMER_TYPES } from "./catalog-types";
import { summarize, typeLabel } from "./transaction-summary";
import { customerOf, refundAmountOf, refundOf, TRANSACTION_TYPES, useRefund, useTransactions, type Transaction, type TransactionCustomerType, type TransactionFilter, type TransactionType } from "./use-transactions";
import { DataTableBody, DataTableHead } from "../../../components/data-table";

/** A UUID's first part ("3f2a9c1e…"), the whole of a shorter id; the link and its title carry all of it. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** Payments › Transactions: purchases, renewals, refunds and quantity changes, newest first, filtered and cursor-paged. */
export function TransactionsPage() {
  useDocumentTitle("Payments transactions");
  const projectId = useProjectId();
  const [type, setType] = useState<TransactionType | null>(null);
  const [customerType, setCustomerType] = useState<TransactionCustomerType | null>(null);
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
          onChange={(value) => filter(() => setType(value as TransactionType | null))}
          clearable
          w={{ base: "100%", xs: 220 }}
        />
        <Select
          label="Customer type"
          placeholder="All customers"
          data={CUSTOMER_TYPES.map((value) => ({ value, label: value }))}
          value={customerType}
          onChange={(value) => filter(() => setCustomerType(value as TransactionCustomerType | null))}
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
  filter: TransactionFilter;
  page: number;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}

function TransactionList({ projectId, filter, page, onNext, onPrevious }: TransactionListProps) {
  const { transactions: items, next_cursor: nextCursor } = useTransactions(projectId, filter);
  const refund = useRefund(projectId);
  const columns = useMemo<ColumnDef<Transaction>[]>(
    () => [
      { id: "when", header: "When", cell: ({ row }) => <Text size="sm">{exactTime(row.original.created_at_millis)}</Text> },
      {
        id: "type",
        header: "Type",
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{typeLabel(row.original.type)}</Text>
            {row.original.test_mode ? (
              <Badge size="xs" variant="light" color="yellow" style={{ flexShrink: 0, overflow: "visible" }}>
                Test
              </Badge>
            ) : null}
            {row.original.adjusted_by.length > 0 ? (
              <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0, overflow: "visible" }}>
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
          const customer = customerOf(row.original);
          return customer ? (
            <Anchor component={Link} to={`${dashboardPath(projectId, "payments/customers")}?type=${customer.type}&id=${encodeURIComponent(customer.id)}`} size="xs" aria-label={`${customer.type} ${customer.id}`} style={{ whiteSpace: "nowrap" }}>
              <Text span c="dimmed" size="xs">{`${customer.type} `}</Text>
              <Text span ff="monospace" size="xs" title={customer.id}>
                {shortId(customer.id)}
              </Text>
            </Anchor>
          ) : null;
        },
      },
      {
        id: "what",
        header: "What",
        cell: ({ row }) => (
          <Text size="sm" miw={120}>
            {summarize(row.original).product ?? ""}
          </Text>
        ),
      },
      { id: "amount", header: "Amount", cell: ({ row }) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{summarize(row.original).amount ?? "—"}</Text> },
      {
        id: "actions",
        header: "",
        cell: ({ row }) => {
          const refundRequest = refundOf(row.original);
          return refundRequest ? (
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="outline" color="red" onClick={ask}>
                  Refund
                </Button>
              )}
              title="Refund this transaction?"
              confirmLabel="Refund"
              action={() => refund.mutateAsync(refundRequest)}
              onDone={() => notifications.show({ message: "Refunded.", color: "green" })}
            >
              {`${formatMoney(refundAmountOf(refundRequest), "USD")} goes back to the customer through Stripe, and the customer loses the product at once.`}
            </ConfirmAction>
          ) : null;
        },
      },
    ],
    [refund, projectId],
  );
  const table = useReactTable({ data: items, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });
  if (items.length === 0 && page === 1) {
    return <EmptyState size="sm" icon={<IconReceipt aria-hidden />} withIndicatorBackground title="No transactions yet" description="Purchases, renewals, refunds and quantity changes show here." />;
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={700} type="native">
        <Table verticalSpacing="sm" aria-label="Transactions" highlightOnHover>
          <DataTableHead table={table} />
          <DataTableBody table={table} />
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
