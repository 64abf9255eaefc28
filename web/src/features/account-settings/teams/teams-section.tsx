import { useProject, useTeams, useUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, EmptyState, Stack } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { SettingsSection } from "../../../components/settings-section";
import { CreateTeamForm } from "./create-team-form";
import { useOpenTeam } from "./open-team";
import { TeamList } from "./team-list";

export function TeamsSection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Teams`} description={t`The teams you belong to: your name in each, its members and its invitations.`}>
      <Teams />
    </SettingsSection>
  );
}

function Teams() {
  const { t } = useLingui();
  const user = useUser({ or: "redirect" });
  const teams = useTeams();
  const project = useProject();
  const [openTeamId, openTeam] = useOpenTeam();
  const canCreate = project.config.client_team_creation_enabled;
  const unknownTeam = openTeamId !== null && !teams.some((team) => team.id === openTeamId);
  return (
    <Stack gap="xl">
      {unknownTeam ? (
        <Alert color="yellow" variant="light" title={t`This link is not to one of your teams`}>
          <Trans>You may have left the team, or been removed from it. Your teams are listed below.</Trans>
        </Alert>
      ) : null}
      {teams.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconUsersGroup aria-hidden />}
          withIndicatorBackground
          title={t`You are not in any team yet`}
          description={
            canCreate ? t`Create one below, or join one from an invitation e-mail.` : t`When someone invites you, the invitation arrives by e-mail.`
          }
        />
      ) : (
        <TeamList teams={teams} user={user} openTeamId={openTeamId} onOpen={openTeam} />
      )}
      {canCreate ? <CreateTeamForm onCreated={openTeam} /> : null}
    </Stack>
  );
}
