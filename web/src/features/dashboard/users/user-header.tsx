import type { api } from "@gatehouse/clients/react";
import { Avatar, Code, Group, Stack, Text, Title } from "@mantine/core";
import { CopyValueButton } from "./copy-value-button";
import { UserBadges, userLabel } from "./user-badges";

export function UserHeader({ user }: { user: api.ServerUser }) {
  const label = userLabel(user);
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Avatar src={user.profile_image_url} name={label} color="initials" size="lg" alt="" aria-hidden />
      <Stack gap={6} miw={0}>
        <Title order={1} size="h2" className="break-anywhere">
          {label}
        </Title>
        {user.display_name && user.primary_email ? (
          <Text c="dimmed" className="break-anywhere">
            {user.primary_email}
          </Text>
        ) : null}
        <UserBadges user={user} size="md" />
        <Group gap={4} wrap="nowrap">
          <Code className="break-anywhere" aria-label="User id">
            {user.id}
          </Code>
          <CopyValueButton value={user.id} label="Copy the user id" />
        </Group>
      </Stack>
    </Group>
  );
}
