import { Button, EmptyState, Group, NativeSelect, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from "@tabler/icons-react";
import { errorMessage } from "../lib/error-message";
import { ErrorAlert } from "./error-alert";
import { Loading } from "./page-card";

/** A list paged by cursor whose place is kept in the URL (the users and the session replays). */
export interface CursorPages {
  cursor: string | null;
  /** The cursors of the pages this tab visited before this one. */
  earlier: ReadonlyArray<string | null>;
  pageSize: number;
  setPageSize: (pageSize: number) => void;
  previous: () => void;
  first: () => void;
  next: (cursor: string) => void;
}

interface CursorPagerProps {
  list: CursorPages;
  pageSizes: readonly number[];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
  shown: number;
  busy: boolean;
  /** What a row is, as one and as many ("user", "users"). */
  noun: readonly [string, string];
}

/**
 * Next and Previous by cursor (the server pages by keyset and never counts). Previous walks
 * back through the pages this tab visited; a page opened from a link offers the first page.
 */
export function CursorPager({ list, pageSizes, nextCursor, shown, busy, noun }: CursorPagerProps) {
  const onFirstPage = list.cursor === null;
  const knowsEarlier = list.earlier.length > 0;
  const pageNumber = onFirstPage ? 1 : knowsEarlier ? list.earlier.length + 1 : null;
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <NativeSelect
          label="Rows per page"
          size="xs"
          w={120}
          value={String(list.pageSize)}
          onChange={(event) => list.setPageSize(Number(event.currentTarget.value))}
          data={pageSizes.map((size) => String(size))}
        />
        <Text size="sm" c="dimmed" role="status" mt="lg">
          {pageNumber === null ? "A later page" : `Page ${pageNumber}`} · {shown} {shown === 1 ? noun[0] : noun[1]}
        </Text>
      </Group>
      <Group gap="xs" mt="lg">
        {onFirstPage || knowsEarlier ? (
          <Button variant="default" size="xs" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={onFirstPage || busy} onClick={list.previous}>
            Previous
          </Button>
        ) : (
          <Button variant="default" size="xs" leftSection={<IconChevronsLeft size={16} aria-hidden />} disabled={busy} onClick={list.first}>
            First page
          </Button>
        )}
        <Button variant="default" size="xs" rightSection={<IconChevronRight size={16} aria-hidden />} disabled={nextCursor === null || busy} onClick={() => nextCursor && list.next(nextCursor)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}

/** A page of the list that could not be read: the reason, Try again, and the first page when this is a later one. */
export function PageFailed({ error, list, onRetry }: { error: unknown; list: Pick<CursorPages, "cursor" | "first">; onRetry: () => void }) {
  return (
    <Stack gap="sm" align="flex-start">
      <ErrorAlert message={errorMessage(error)} />
      <Group gap="sm">
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
        {list.cursor ? (
          <Button variant="subtle" onClick={list.first}>
            Go to the first page
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** A later page that came back empty (its rows went away since it was linked): the way back to the first page. */
export function EmptyLaterPage({ icon, title, description, list }: { icon: ReactNode; title: string; description: string; list: Pick<CursorPages, "first"> }) {
  return (
    <EmptyState icon={icon} withIndicatorBackground title={title} description={description}>
      <Button variant="default" onClick={list.first}>
        Go to the first page
      </Button>
    </EmptyState>
  );
}

/** What a list page reads one page with: a TanStack query that keeps the previous page while the next one loads. */
export interface PageQuery<T> {
  data?: { items: T[]; pagination?: { next_cursor?: string | null } };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface CursorPageProps<T> extends Omit<CursorPagerProps, "list" | "nextCursor" | "shown" | "busy"> {
  query: PageQuery<T>;
  list: CursorPages;
  /** What the loader says before the first page arrives ("Loading users…"). */
  loading: string;
  /** What an empty page shows: none yet, none matching, or a page past the end. */
  empty: ReactNode;
  /** The page's rows; `busy` while another page loads in their place. */
  children: (items: T[], busy: boolean) => ReactNode;
}

/**
 * One page of a list paged by cursor, in each of its states: loading, failed (with Try again,
 * above the rows still shown when a later read failed), empty, or its rows, with the pager.
 */
export function CursorPage<T>({ query, list, loading, empty, children, ...pager }: CursorPageProps<T>) {
  const busy = query.isPlaceholderData || (query.isFetching && query.isError);
  const failed = query.isError ? <PageFailed error={query.error} list={list} onRetry={() => void query.refetch()} /> : null;
  if (!query.data) return failed ?? <Loading>{loading}</Loading>;
  const { items } = query.data;
  return (
    <Stack gap="sm">
      {failed}
      {items.length === 0 ? empty : children(items, busy)}
      <CursorPager list={list} nextCursor={query.data.pagination?.next_cursor ?? null} shown={items.length} busy={busy} {...pager} />
    </Stack>
  );
}
