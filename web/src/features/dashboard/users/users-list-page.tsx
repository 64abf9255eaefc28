import { Box, Button, EmptyState, Group, Paper, Stack, Switch, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus, IconUserOff, IconUserSearch } from "@tabler/icons-react";
import { CursorPage, EmptyLaterPage } from "../../../components/cursor-pager";
import { useDocumentTitle } from "../../../components/page-card";
import { useProjectId } from "../shell/project-context";
import { CreateUserModal } from "./create-user-modal";
import { useProjectUsersPage } from "./use-project-users";
import { listParams, PAGE_SIZES, useUserListState, type UserList } from "./use-user-list-state";
import { UserSearch } from "./user-search";
import { UserCards } from "./user-cards";
import { UsersTable } from "./users-table";

/** The project's users, a page at a time from the server, searchable and sortable. */
export function UsersListPage() {
  useDocumentTitle("Users");
  const projectId = useProjectId();
  const list = useUserListState();
  const page = useProjectUsersPage(projectId, listParams(list));
  const [creating, createDialog] = useDisclosure(false);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createDialog.open}>
          Create user
        </Button>
      </Group>
      <Group align="flex-end" gap="md">
        <UserSearch query={list.query} onSearch={list.setQuery} />
        <Switch
          label="Include anonymous users"
          checked={list.includeAnonymous}
          onChange={(event) => list.setIncludeAnonymous(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Paper withBorder p={{ base: "xs", sm: "sm" }}>
        <CursorPage query={page} list={list} pageSizes={PAGE_SIZES} noun={["user", "users"]} loading="Loading users…" empty={<NoUsers list={list} onCreate={createDialog.open} />}>
          {(users, busy) => (
            <>
              {/* The table on wider screens; cards on a phone, where five columns do not fit. */}
              <Box visibleFrom="sm">
                <UsersTable users={users} sort={list.sort} onSort={list.setSort} busy={busy} />
              </Box>
              <Box hiddenFrom="sm">
                <UserCards users={users} sort={list.sort} onSort={list.setSort} busy={busy} />
              </Box>
            </>
          )}
        </CursorPage>
      </Paper>
      <CreateUserModal opened={creating} onClose={createDialog.close} />
    </Stack>
  );
}

/** Why the page is empty: no users at all, none matching the search, or a page past the end. */
function NoUsers({ list, onCreate }: { list: UserList; onCreate: () => void }) {
  if (list.query) {
    return (
      <EmptyState icon={<IconUserSearch aria-hidden />} withIndicatorBackground title="No users match this search" description={`Nothing matches “${list.query}” in e-mails, display names or ids.`}>
        <Button variant="default" onClick={() => list.setQuery("")}>
          Clear the search
        </Button>
      </EmptyState>
    );
  }
  if (list.cursor) return <EmptyLaterPage icon={<IconUserSearch aria-hidden />} title="No users on this page" description="The users of this page may have been deleted since." list={list} />;
  return (
    <EmptyState
      icon={<IconUserOff aria-hidden />}
      withIndicatorBackground
      title="No users yet"
      description={
        list.includeAnonymous
          ? "Users appear here as they sign up to your app, or when you create them."
          : "Users appear here as they sign up to your app, or when you create them. Anonymous users are hidden."
      }
    >
      <Button onClick={onCreate}>Create a user</Button>
    </EmptyState>
  );
}
