import { Alert, Button, EmptyState, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconBuilding, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { useProjectTeams } from "../shell/use-project-teams";
import { ConnectionsSection } from "./connections-section";
import { DomainsSection } from "./domains-section";
import { PortalLinksSection } from "./portal-links-section";

/**
 * Enterprise sign-in, per team (a team is a customer organisation): the domains it verified,
 * what they do (auto-join, SSO required), and its connections to its identity provider.
 */
export function SsoPage() {
  useDocumentTitle("Single sign-on");
  const projectId = useProjectId();
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Single sign-on
        </Title>
        <Text c="dimmed">
          Let a customer organisation's people sign in through its own identity provider (OpenID Connect or SAML 2.0), join its team by
          their e-mail domain, and be held to single sign-on.
        </Text>
      </Stack>
      <Boundary>
        <TeamPicker projectId={projectId} />
      </Boundary>
    </Stack>
  );
}

function TeamPicker({ projectId }: { projectId: string }) {
  const teams = useProjectTeams(projectId);
  const [teamId, setTeamId] = useState<string | null>(teams[0]?.id ?? null);
  if (teams.length === 0) {
    return (
      <Paper withBorder p="md">
        <EmptyState
          icon={<IconBuilding aria-hidden />}
          withIndicatorBackground
          title="No teams yet"
          description="Single sign-on is set up per team: each customer organisation is a team. Create a team first."
        >
          <Button component={Link} to={dashboardPath(projectId, "teams")} variant="default">
            Go to teams
          </Button>
        </EmptyState>
      </Paper>
    );
  }
  const current = teams.find((team) => team.id === teamId) ?? null;
  return (
    <Stack gap="xl">
      <Select
        label="Team"
        description="The customer organisation whose sign-in you are setting up."
        data={teams.map((team) => ({ value: team.id, label: team.display_name }))}
        value={teamId}
        onChange={setTeamId}
        searchable
        allowDeselect={false}
        maw={420}
      />
      {current ? (
        <Stack gap="xl" key={current.id}>
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
            Verify the organisation's domain first: a connection signs in only addresses on the team's verified domains.
          </Alert>
          <Boundary>
            <DomainsSection projectId={projectId} teamId={current.id} />
          </Boundary>
          <Boundary>
            <ConnectionsSection projectId={projectId} teamId={current.id} />
          </Boundary>
          <Boundary>
            <PortalLinksSection projectId={projectId} teamId={current.id} />
          </Boundary>
        </Stack>
      ) : null}
    </Stack>
  );
}
