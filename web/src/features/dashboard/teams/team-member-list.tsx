import type { api } from "@gatehouse/clients/react";
import { Anchor, Avatar, Badge, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { RemoveMemberButton } from "../../../components/remove-member-button";
import { memberName } from "./member-name";
import { teamPath } from "./team-paths";
import { useTeamPermissionGrants } from "./use-member-permissions";
import { useRemoveTeamMember, useTeamMemberProfiles } from "./use-team-members";

export const REMOVED = "They lose the team permissions they held in it; their account stays. Add them again to bring them back.";

/** The members, each with the team permissions granted to them directly. */
export function TeamMemberList({ projectId, team }: { projectId: string; team: api.ServerTeam }) {
  const members = useTeamMemberProfiles(projectId, team.id);
  const grants = useTeamPermissionGrants(projectId, { teamId: team.id, recursive: false });
  const remove = useRemoveTeamMember(projectId);
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody is in this team yet. Add a user below, or invite someone by e-mail.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {members.length === 1 ? "1 member" : `${members.length} members`}
      </Text>
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: "none" }} aria-label={`Members of ${team.display_name}`}>
        {members.map((member) => {
          const name = memberName(member);
          const held = grants.filter((grant) => grant.user_id === member.user_id).map((grant) => grant.id);
          return (
            <Group
              component="li"
              key={member.user_id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                <Avatar src={member.profile_image_url ?? member.user.profile_image_url} name={name} color="initials" size="md" alt="" aria-hidden />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={teamPath(projectId, team.id, member.user_id)} fw={500} className="break-anywhere" aria-label={`Manage ${name}`}>
                    {name}
                  </Anchor>
                  {member.user.primary_email && member.user.primary_email !== name ? (
                    <Text size="xs" c="dimmed" className="break-anywhere">
                      {member.user.primary_email}
                    </Text>
                  ) : null}
                  <Group gap={4} wrap="wrap" role="group" aria-label={`Team permissions of ${name}`}>
                    {held.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        No team permissions granted
                      </Text>
                    ) : (
                      held.map((id) => (
                        <Badge key={id} size="sm" variant="light" color="gray" tt="none" className="break-anywhere">
                          {id}
                        </Badge>
                      ))
                    )}
                  </Group>
                </Stack>
              </Group>
              <RemoveMemberButton
                name={name}
                teamName={team.display_name}
                remove={() => remove.mutateAsync({ teamId: team.id, userId: member.user_id })}
                consequence={REMOVED}
              />
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
