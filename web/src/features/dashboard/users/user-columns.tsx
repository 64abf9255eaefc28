import type { api } from "@gatehouse/clients/react";
import { Text } from "@mantine/core";
import { createColumnHelper } from "@tanstack/react-table";
import { RelativeTime } from "../../../components/relative-time";
import { UserBadges, signInMethods } from "./user-badges";
import { UserIdentity } from "./user-identity";

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
      cell: ({ row: { original: user } }) => <UserIdentity user={user} href={userPath(user.id)} minWidth={240} />,
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
