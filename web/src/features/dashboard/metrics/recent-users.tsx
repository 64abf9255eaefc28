import type { api } from "@gatehouse/clients/react";
import { Anchor, Avatar, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { exactTime } from "../../../lib/format-time";
import { dashboardPath } from "../shell/project-context";

/** The newest sign-ups, each a link to the user's page. */
export function RecentUsers({ projectId, users }: { projectId: string; users: api.ServerUser[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Recent sign-ups
      </Title>
      {users.length === 0 ? (
        <Text c="dimmed" size="sm">
          No one has signed up yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {users.map((user) => {
            const name = user.display_name ?? user.primary_email ?? user.id;
            return (
              <Group key={user.id} wrap="nowrap" gap="sm">
                <Avatar src={user.profile_image_url} alt="" name={name} color="initials" radius="xl" size="sm" />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`${dashboardPath(projectId, "users")}/${user.id}`} size="sm" truncate>
                    {name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    Signed up {exactTime(user.signed_up_at_millis)}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
