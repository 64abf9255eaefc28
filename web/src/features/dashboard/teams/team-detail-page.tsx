import { isKnownError } from "@gatehouse/clients/react";
import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Boundary, RetryableError } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { TeamNameForm } from "../../../components/team-name-form";
import { exactTime } from "../../../lib/format-time";
import { SettingsSection } from "../../../components/settings-section";
import { useProjectId } from "../shell/project-context";
import { AddMemberForm } from "./add-member-form";
import { DeleteTeamButton } from "./delete-team-button";
import { InviteForm } from "./invite-form";
import { TeamApiKeysSection } from "./team-api-keys-section";
import { TeamMemberList } from "./team-member-list";
import { TeamInvitations } from "./team-invitations";
import { teamPath } from "./team-paths";
import { useProjectTeam, useUpdateProjectTeam } from "./use-teams";

/** One team: its members (and their permissions, a click away), its invitations, its name. */
export function TeamDetailPage() {
  const projectId = useProjectId();
  const { teamId = "" } = useParams();
  return (
    <Stack gap="lg" maw={1100}>
      <BackToTeams projectId={projectId} />
      <Boundary failed={(failure) => (isKnownError(failure.error, "TEAM_NOT_FOUND") ? <TeamGone /> : <RetryableError {...failure} />)}>
        <TeamDetail projectId={projectId} teamId={teamId} />
      </Boundary>
    </Stack>
  );
}

export function BackToTeams({ projectId }: { projectId: string }) {
  return (
    <Anchor component={Link} to={teamPath(projectId)} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        All teams
      </Group>
    </Anchor>
  );
}

/** A team that was deleted, or an address that never named one. */
export function TeamGone() {
  return <MissingNotice title="Team not found">This project has no team at this address. It may have been deleted.</MissingNotice>;
}

/** In place of a page whose subject is gone, under the link back. */
export function MissingNotice({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{children}</Text>
    </Stack>
  );
}

function TeamDetail({ projectId, teamId }: { projectId: string; teamId: string }) {
  const team = useProjectTeam(projectId, teamId);
  const update = useUpdateProjectTeam(projectId, teamId);
  useDocumentTitle(team.display_name);
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" className="break-anywhere">
            {team.display_name}
          </Title>
          <Text size="sm" c="dimmed" className="break-anywhere">
            {team.id} · created {exactTime(team.created_at_millis)}
          </Text>
        </Stack>
        <DeleteTeamButton projectId={projectId} team={team} />
      </Group>
      <SettingsSection title="Members" description="Open a member to change their name in the team or their team permissions.">
        <Stack gap="lg">
          <TeamMemberList projectId={projectId} team={team} />
          <AddMemberForm projectId={projectId} teamId={team.id} />
        </Stack>
      </SettingsSection>
      <SettingsSection title="Invitations" description="People invited by e-mail join when they accept, with the team member's default permissions.">
        <Stack gap="lg">
          <TeamInvitations projectId={projectId} teamId={team.id} />
          <Boundary>
            <InviteForm projectId={projectId} teamId={team.id} />
          </Boundary>
        </Stack>
      </SettingsSection>
      <TeamApiKeysSection projectId={projectId} teamId={team.id} />
      <SettingsSection title="Name">
        <TeamNameForm team={team} update={update} />
      </SettingsSection>
    </>
  );
}

