import { useTeamPermissions, type CurrentUser, type Team } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { Divider, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Boundary } from "../../../components/boundary";
import { SettingsHeading } from "../../../components/settings-heading";
import { InviteMemberForm } from "../../../components/invite-member-form";
import { LeaveTeamButton } from "./leave-team-button";
import { MemberProfileForm } from "./member-profile-form";
import { RenameTeamForm } from "./rename-team-form";
import { SelectTeamButton } from "./select-team-button";
import { TeamActivity } from "./team-activity";
import { TeamInvitations } from "../../../components/team-invitations";
import { TeamMembers } from "../../../components/team-members";

interface TeamPanelProps {
  team: Team;
  user: CurrentUser;
  onLeft: () => void;
}

/**
 * Everything about one team. The user's permissions in it decide which controls appear, so
 * that nobody is offered what the server would refuse; the server stays the authority.
 */
export function TeamPanel({ team, user, onLeft }: TeamPanelProps) {
  const { t } = useLingui();
  const granted = new Set(useTeamPermissions(team.id).map((permission) => permission.id));
  const canReadMembers = granted.has("$read_members");
  const canInvite = granted.has("$invite_members");
  const canRemove = granted.has("$remove_members");
  return (
    <Stack gap="lg">
      <SelectTeamButton team={team} selected={team.id === user.selected_team_id} />
      {granted.has("$update_team") ? (
        <Part title={t`Rename the team`}>
          <RenameTeamForm team={team} />
        </Part>
      ) : null}
      <Part title={t`Your profile in this team`} description={t`The name the other members see for you here.`}>
        <MemberProfileForm teamId={team.id} />
      </Part>
      <Part title={t`Members`}>
        <TeamMembers teamId={team.id} teamName={team.display_name} user={user} canRead={canReadMembers} canRemove={canRemove} />
      </Part>
      {canInvite ? (
        <Part title={t`Invite someone`} description={t`They get an e-mail with a link to join this team.`}>
          <InviteMemberForm teamId={team.id} />
          {canReadMembers ? <TeamInvitations teamId={team.id} canRevoke={canRemove} /> : null}
        </Part>
      ) : null}
      {granted.has("$update_team") ? (
        <Part title={t`Team activity`} description={t`Sign-ins through the team's identity provider, member and permission changes, and its single sign-on and directory settings, newest first.`}>
          <TeamActivity teamId={team.id} teamName={team.display_name} selfId={user.id} canReadMembers={canReadMembers} />
        </Part>
      ) : null}
      <Divider />
      <LeaveTeamButton team={team} onLeft={onLeft} />
    </Stack>
  );
}

function Part({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <SettingsHeading order={4} title={title} description={description} />
      <Boundary>{children}</Boundary>
    </Stack>
  );
}
