import { useTeams, type api } from "@gatehouse/clients/react";
import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { ConfirmAction } from "../../../../components/confirm-action";
import { useTransferProject } from "./use-project-settings";

/** Gives the project to another of the user's teams, whose members then administer it. */
export function TransferProject({ project }: { project: api.AdminProject }) {
  const teams = useTeams();
  const transfer = useTransferProject(project.id);
  const [teamId, setTeamId] = useState<string | null>(null);
  const owner = teams.find((team) => team.id === project.owner_team_id);
  const others = teams.filter((team) => team.id !== project.owner_team_id);
  const target = others.find((team) => team.id === teamId);
  return (
    <Stack gap="xs">
      <Text fw={600}>Transfer to another team</Text>
      <Text size="sm" c="dimmed">
        {owner ? `Owned by ${owner.display_name}. ` : ""}Every member of the new team can administer the project; members of only the current team lose access.
      </Text>
      {others.length === 0 ? (
        <Text size="sm">You are in no other team. Create or join one in your account settings to move the project there.</Text>
      ) : (
        <Group align="flex-end" gap="sm">
          <Select
            label="New owner team"
            placeholder="Choose a team"
            data={others.map((team) => ({ value: team.id, label: team.display_name }))}
            value={teamId}
            onChange={setTeamId}
            style={{ flex: 1 }}
            miw={200}
          />
          <ConfirmAction
            trigger={(ask) => (
              <Button variant="outline" color="red" onClick={ask} disabled={!target}>
                Transfer
              </Button>
            )}
            title={`Transfer ${project.display_name}?`}
            confirmLabel="Transfer project"
            action={() => transfer.mutateAsync({ data: { project_id: project.id, new_team_id: target!.id } })}
            onDone={() => {
              setTeamId(null);
              notifications.show({ message: `${project.display_name} now belongs to ${target?.display_name ?? "the team"}.`, color: "green" });
            }}
          >
            {`${project.display_name} will belong to ${target?.display_name ?? "the team"}. Members of ${owner?.display_name ?? "the current team"} who are not in it lose access to the project.`}
          </ConfirmAction>
        </Group>
      )}
    </Stack>
  );
}
