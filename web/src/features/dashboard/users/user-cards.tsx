import type { api } from "@gatehouse/clients/react";
import { Paper, Select, Stack, Text } from "@mantine/core";
import { RelativeTime } from "../../../components/relative-time";
import { dashboardPath, useProjectId } from "../shell/project-context";
import type { UserSort } from "./use-user-list-state";
import { UserBadges, signInMethods } from "./user-badges";
import { UserIdentity } from "./user-identity";

const SORTS: Array<{ value: string; label: string; sort: UserSort }> = [
  { value: "signed_up_at:desc", label: "Newest sign-ups first", sort: { orderBy: "signed_up_at", desc: true } },
  { value: "signed_up_at:asc", label: "Oldest sign-ups first", sort: { orderBy: "signed_up_at", desc: false } },
  { value: "last_active_at:desc", label: "Recently active first", sort: { orderBy: "last_active_at", desc: true } },
  { value: "last_active_at:asc", label: "Least recently active first", sort: { orderBy: "last_active_at", desc: false } },
];

/**
 * The users of one page as cards, for a phone: every column of the table (who, status, sign-in
 * methods, when they signed up and were last active) fits its width without scrolling sideways,
 * and the order the table's headers set is a choice above the list.
 */
export function UserCards({ users, sort, onSort, busy }: { users: api.ServerUser[]; sort: UserSort; onSort: (sort: UserSort) => void; busy: boolean }) {
  const projectId = useProjectId();
  return (
    <Stack gap="xs">
      <Select
        label="Order"
        data={SORTS.map(({ value, label }) => ({ value, label }))}
        value={`${sort.orderBy}:${sort.desc ? "desc" : "asc"}`}
        onChange={(value) => {
          const chosen = SORTS.find((option) => option.value === value);
          if (chosen) onSort(chosen.sort);
        }}
        allowDeselect={false}
      />
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Users" aria-busy={busy || undefined} style={{ listStyle: "none", opacity: busy ? 0.55 : 1 }}>
        {users.map((user) => (
          <Paper component="li" key={user.id} withBorder p="sm" data-user-id={user.id}>
            <UserIdentity user={user} href={`${dashboardPath(projectId, "users")}/${user.id}`}>
              <UserBadges user={user} />
              <Text size="sm">{`Sign-in: ${signInMethods(user)}`}</Text>
              <Text size="xs" c="dimmed">
                Signed up <RelativeTime millis={user.signed_up_at_millis} />, active <RelativeTime millis={user.last_active_at_millis} />
              </Text>
            </UserIdentity>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
