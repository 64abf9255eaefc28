import { useTeamPermissions, useTeams, useUser, type api, type CurrentUser, type Team } from "@gatehouse/clients/react";
import { Paper, Stack, Text } from "@mantine/core";
import { Boundary } from "../../../../components/boundary";
import { SettingsHeading } from "../../../../components/settings-heading";
import { sectionId } from "./settings-sections";
import { InviteMemberForm } from "../../../../components/invite-member-form";
import { TeamInvitations } from "../../../../components/team-invitations";
import { TeamMembers } from "../../../../components/team-members";

/**
 * The people who administer the project: the members of the dashboard team that owns it.
 * Inviting someone into that team is how a project gets another administrator; the controls
 * follow the signed-in admin's own permissions in the team, as the server will judge them.
 */
export function Administrators({ project }: { project: api.AdminProject }) {
  const user = useUser({ or: "throw" });
  const owner = useTeams().find((team) => team.id === project.owner_team_id);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={sectionId("Administrators")}>
      <Stack gap="md">
        <SettingsHeading
          order={2}
          title="Administrators"
          id={sectionId("Administrators")}
          description={owner ? `Everyone in the team ${owner.display_name} administers this project. Invite someone to the team to make them an administrator.` : undefined}
        />
        {owner ? (
          <Boundary>
            <OwnerTeam team={owner} user={user} />
          </Boundary>
        ) : (
          <Text size="sm">This project belongs to a team you are not in.</Text>
        )}
      </Stack>
    </Paper>
  );
}

function OwnerTeam({ team, user }: { team: Team; user: CurrentUser }) {
  const granted = new Set(useTeamPermissions(team.id).map((permission) => permission.id));
  const canReadMembers = granted.has("$read_members");
  return (
    <Stack gap="lg">
      <TeamMembers teamId={team.id} teamName={team.display_name} user={user} canRead={canReadMembers} canRemove={granted.has("$remove_members")} />
      {granted.has("$invite_members") ? (
        <Stack gap="sm">
          <SettingsHeading order={3} title="Invite an administrator" description="They get an e-mail with a link to join the team." />
          <InviteMemberForm teamId={team.id} />
          {canReadMembers ? <TeamInvitations teamId={team.id} canRevoke={granted.has("$remove_members")} /> : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Only team members allowed to invite can add administrators. Ask one of them.
        </Text>
      )}
    </Stack>
  );
}
