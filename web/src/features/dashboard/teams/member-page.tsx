import { isKnownError } from "@gatehouse/clients/react";
import { Anchor, Avatar, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate, useParams } from "react-router";
import { Boundary, RetryableError } from "../../../components/boundary";
import { RemoveMemberButton } from "../../../components/remove-member-button";
import { useDocumentTitle } from "../../../components/page-card";
import { SettingsSection } from "../../../components/settings-section";
import { useProjectId } from "../shell/project-context";
import { MemberPermissions } from "./member-permissions";
import { MemberProfileForm } from "./member-profile-form";
import { memberName } from "./member-name";
import { BackToTeams, MissingNotice, TeamGone } from "./team-detail-page";
import { teamPath } from "./team-paths";
import { REMOVED } from "./team-member-list";
import { useRemoveTeamMember, useTeamMemberProfile } from "./use-team-members";
import { useProjectTeam } from "./use-teams";

/** One member of one team: their name in it and the team permissions they hold there. */
export function MemberPage() {
  const projectId = useProjectId();
  const { teamId = "", userId = "" } = useParams();
  return (
    <Stack gap="lg" maw={1100}>
      <Boundary
        failed={(failure) => (
          <Stack gap="lg">
            <BackToTeams projectId={projectId} />
            {isKnownError(failure.error, "TEAM_NOT_FOUND") ? (
              <TeamGone />
            ) : isKnownError(failure.error, "TEAM_MEMBERSHIP_NOT_FOUND") ? (
              <NotAMember projectId={projectId} teamId={teamId} />
            ) : (
              <RetryableError {...failure} />
            )}
          </Stack>
        )}
      >
        <Member projectId={projectId} teamId={teamId} userId={userId} />
      </Boundary>
    </Stack>
  );
}

function NotAMember({ projectId, teamId }: { projectId: string; teamId: string }) {
  return (
    <MissingNotice title="Not a member">
      This user is not a member of this team (any more).{" "}
      <Anchor component={Link} to={teamPath(projectId, teamId)}>
        Back to the team
      </Anchor>
    </MissingNotice>
  );
}

function Member({ projectId, teamId, userId }: { projectId: string; teamId: string; userId: string }) {
  const team = useProjectTeam(projectId, teamId);
  const member = useTeamMemberProfile(projectId, teamId, userId);
  const navigate = useNavigate();
  const remove = useRemoveTeamMember(projectId);
  const name = memberName(member);
  useDocumentTitle(`${name} in ${team.display_name}`);
  return (
    <>
      <Breadcrumbs separator="›" separatorMargin={6} aria-label="Where this page is">
        <Anchor component={Link} to={teamPath(projectId)} size="sm">
          Teams
        </Anchor>
        <Anchor component={Link} to={teamPath(projectId, teamId)} size="sm" className="break-anywhere">
          {team.display_name}
        </Anchor>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={member.profile_image_url ?? member.user.profile_image_url} name={name} color="initials" size="lg" alt="" aria-hidden />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" className="break-anywhere">
              {name}
            </Title>
            <Text size="sm" c="dimmed" className="break-anywhere">
              {[member.user.display_name !== name ? member.user.display_name : null, member.user.primary_email, member.user_id].filter(Boolean).join(" · ")}
            </Text>
          </Stack>
        </Group>
        <RemoveMemberButton
          name={name}
          teamName={team.display_name}
          remove={() => remove.mutateAsync({ teamId, userId })}
          consequence={REMOVED}
          prominent
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
