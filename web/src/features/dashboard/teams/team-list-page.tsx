import type { api } from "@gatehouse/clients/react";
import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../components/page-card";
import { exactTime } from "../../../lib/format-time";
import { useProjectId } from "../shell/project-context";
import { CreateTeamModal } from "./create-team-modal";
import { teamPath } from "./team-paths";
import { useProjectTeams } from "../shell/use-project-teams";

const matches = (team: api.ServerTeam, filter: string) => team.display_name.toLowerCase().includes(filter) || team.id.includes(filter);

/** Every team of the project, filtered here: the server lists them all in one answer. */
export function TeamListPage() {
  useDocumentTitle("Teams");
  const projectId = useProjectId();
  const teams = useProjectTeams(projectId);
  const [filter, setFilter] = useState("");
  const [creating, { open, close }] = useDisclosure(false);
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? teams.filter((team) => matches(team, wanted)) : teams;
  const count = teams.length === 1 ? "1 team" : `${teams.length} teams`;
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Teams
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          Create team
        </Button>
      </Group>
      {teams.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>No teams yet</Text>
            <Text c="dimmed" size="sm">
              Teams group users: each member holds team permissions within the team. Users create teams in your app, or you create one here.
            </Text>
            <Button onClick={open}>Create the first team</Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              label="Filter teams"
              placeholder="Name or id"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
              style={{ flex: "1 1 16rem", maxWidth: 420 }}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {wanted ? `${shown.length} of ${count}` : count}
            </Text>
          </Group>
          {shown.length === 0 ? (
            <Text c="dimmed" size="sm">
              No team&apos;s name or id contains “{filter.trim()}”.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Team</Table.Th>
                    <Table.Th w={180}>Created</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((team) => (
                    <Table.Tr key={team.id}>
                      <Table.Td>
                        <Anchor component={Link} to={teamPath(projectId, team.id)} fw={500} className="break-anywhere">
                          {team.display_name}
                        </Anchor>
                        <Text size="xs" c="dimmed" className="break-anywhere">
                          {team.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{exactTime(team.created_at_millis)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
      <CreateTeamModal opened={creating} onClose={close} />
    </Stack>
  );
}
