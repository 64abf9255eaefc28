import { Button, Group, NativeSelect, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from "@tabler/icons-react";
import { PAGE_SIZES, type UserList } from "./use-user-list-state";

interface UserListPagerProps {
  list: UserList;
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
  shown: number;
  busy: boolean;
}

/**
 * Next and Previous by cursor (the server pages by keyset and never counts). Previous walks
 * back through the pages this tab visited; a page opened from a link offers the first page.
 */
export function UserListPager({ list, nextCursor, shown, busy }: UserListPagerProps) {
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
          data={PAGE_SIZES.map((size) => String(size))}
        />
        <Text size="sm" c="dimmed" role="status" mt="lg">
          {pageNumber === null ? "A later page" : `Page ${pageNumber}`} · {shown} {shown === 1 ? "user" : "users"}
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
