import type { api } from "@gatehouse/clients/react";
import { Anchor, Avatar, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { userLabel } from "./user-badges";

/** Who a user is in a list: their picture or initials, their name linking to their page, their e-mail; `children` below. */
export function UserIdentity({ user, href, minWidth, children }: { user: api.ServerUser; href: string; minWidth?: number; children?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align={children ? "flex-start" : "center"} miw={minWidth}>
      <Avatar src={user.profile_image_url} name={userLabel(user)} color="initials" size="md" alt="" aria-hidden />
      <Stack gap={children ? 4 : 0} miw={0}>
        <Anchor component={Link} to={href} fw={500} className="break-anywhere">
          {userLabel(user)}
        </Anchor>
        {user.display_name && user.primary_email ? (
          <Text size="sm" c="dimmed" className="break-anywhere">
            {user.primary_email}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Group>
  );
}
