import type { api } from "@gatehouse/clients/react";
import { Anchor, Avatar, Group, Stack, Text } from "@mantine/core";
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { RelativeTime } from "../../../components/relative-time";
import { UserBadges, signInMethods, userLabel } from "./user-badges";

const column = createColumnHelper<api.ServerUser>();

/**
 * The users table's columns. Sorting is the server's (`order_by`): only the two columns it can
 * order by are sortable, and sorting restarts the list from its first page.
 */
export function userColumns(userPath: (userId: string) => string) {
  return [
    column.display({
      id: "user",
      header: "User",
      cell: ({ row: { original: user } }) => (
        <Group gap="sm" wrap="nowrap" miw={240}>
          <Avatar src={user.profile_image_url} name={userLabel(user)} color="initials" size="md" alt="" aria-hidden />
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={userPath(user.id)} fw={500} className="break-anywhere">
              {userLabel(user)}
            </Anchor>
            {user.display_name && user.primary_email ? (
              <Text size="sm" c="dimmed" className="break-anywhere">
                {user.primary_email}
              </Text>
            ) : null}
          </Stack>
        </Group>
      ),
    }),
    column.display({ id: "status", header: "Status", cell: ({ row }) => <UserBadges user={row.original} wrap="nowrap" /> }),
    column.display({
      id: "sign_in",
      header: "Sign-in methods",
      cell: ({ row }) => <Text size="sm">{signInMethods(row.original)}</Text>,
    }),
    column.accessor("signed_up_at_millis", { id: "signed_up_at", header: "Signed up", enableSorting: true, cell: ({ getValue }) => <RelativeTime millis={getValue()} /> }),
    column.accessor("last_active_at_millis", {
      id: "last_active_at",
      header: "Last active",
      enableSorting: true,
      cell: ({ getValue }) => <RelativeTime millis={getValue()} />,
    }),
  ];
}
