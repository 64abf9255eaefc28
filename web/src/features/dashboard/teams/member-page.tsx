import { isKnownError } from "@gatehouse/clients/react";
import { Anchor, Avatar, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { Boundary, RetryableError } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { SettingsSection } from "../../account-settings/settings-section";
import { useProjectId } from "../shell/project-context";
import { MemberPermissions } from "./member-permissions";
import { MemberProfileForm } from "./member-profile-form";
import { memberName } from "./member-name";
import { RemoveMemberButton } from "./remove-member-button";
import { BackToTeams, TeamGone } from "./team-detail-page";
import { teamPath } from "./team-paths";
import { useTeamMemberProfile } from "./use-team-members";
import { useProjectTeam } from "./use-teams";

/** One member of one team: their name in it and the team permissions they hold there. */
export function MemberPage() {
  const projectId = useProjectId();
  const { teamId = "", userId = "" } = useParams();
  return (
    <Stack gap="lg" maw={1100}>
      <BackToTeams projectId={projectId} />
      <Boundary
        failed={(failure) =>
          isKnownError(failure.error, "TEAM_NOT_FOUND") ? (
            <TeamGone />
          ) : isKnownError(failure.error, "TEAM_MEMBERSHIP_NOT_FOUND") ? (
            <NotAMember projectId={projectId} teamId={teamId} />
          ) : (
            <RetryableError {...failure} />
          )
        }
      >
        <Member projectId={projectId} teamId={teamId} userId={userId} />
      </Boundary>
    </Stack>
  );
}

function NotAMember({ projectId, teamId }: { projectId: string; teamId: string }) {
  useDocumentTitle("Not a member");
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={1} size="h2">
        Not a member
      </Title>
      <Text>This user is not a member of this team (any more).</Text>
      <Anchor component={Link} to={teamPath(projectId, teamId)}>
        Back to the team
      </Anchor>
    </Stack>
  );
}

function Member({ projectId, teamId, userId }: { projectId: string; teamId: string; userId: string }) {
  const team = useProjectTeam(projectId, teamId);
  const member = useTeamMemberProfile(projectId, teamId, userId);
  const navigate = useNavigate();
  const name = memberName(member);
  useDocumentTitle(`${name} in ${team.display_name}`);
  return (
    <>
      <Anchor component={Link} to={teamPath(projectId, teamId)} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {team.display_name}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={member.profile_image_url ?? member.user.profile_image_url} name={name} color="initials" size="lg" alt="" aria-hidden />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" className="break-anywhere">
              {name}
            </Title>
            <Text size="sm" c="dimmed" className="break-anywhere">
              {member.user.primary_email ?? "No e-mail"} · {member.user_id}
            </Text>
          </Stack>
        </Group>
        <RemoveMemberButton
          projectId={projectId}
          teamId={teamId}
          teamName={team.display_name}
          userId={userId}
          name={name}
          onDone={() => void navigate(teamPath(projectId, teamId))}
        />
      </Group>
      <SettingsSection
        title="Team permissions"
        description="Granted here, in this team only. A permission also gives every permission it contains; defaults are granted when someone joins."
      >
        <MemberPermissions projectId={projectId} teamId={teamId} userId={userId} name={name} />
      </SettingsSection>
      <SettingsSection title="Name in this team" description="Shown to the other members instead of the user's own name.">
        <MemberProfileForm projectId={projectId} teamId={teamId} userId={userId} displayName={member.display_name} />
      </SettingsSection>
    </>
  );
}
