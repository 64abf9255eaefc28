import type { api } from "@gatehouse/clients/react";
import { Anchor, Avatar, EmptyState, Group, Paper, Stack, Text } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { Link } from "react-router";
import { SettingsSection } from "../../../components/settings-section";
import { TeamTitle } from "../../../components/team-title";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { useUserTeams } from "./use-user-teams";

export function UserTeamsSection({ user }: { user: api.ServerUser }) {
  return (
    <SettingsSection title="Teams" description="The teams this user is a member of.">
      <UserTeams user={user} />
    </SettingsSection>
  );
}

function UserTeams({ user }: { user: api.ServerUser }) {
  const projectId = useProjectId();
  const teams = useUserTeams(projectId, user.id);
  if (teams.length === 0) {
    return <EmptyState icon={<IconUsersGroup aria-hidden />} withIndicatorBackground title="Not in any team" description="The user is not a member of any team of this project." />;
  }
  return (
    <Stack component="ul" gap="xs" aria-label="The user's teams" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {teams.map((team) => (
        <Paper key={team.id} component="li" withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={team.profile_image_url} name={team.display_name} color="initials" size="md" alt="" aria-hidden />
            <Stack gap={2} miw={0}>
              <TeamTitle
                name={
                  <Anchor component={Link} to={`${dashboardPath(projectId, "teams")}/${team.id}`} fw={500} className="break-anywhere">
                    {team.display_name}
                  </Anchor>
                }
                selected={team.id === user.selected_team_id}
              />
              <Text size="xs" c="dimmed" className="break-anywhere">
                {team.id}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
