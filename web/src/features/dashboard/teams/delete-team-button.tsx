import type { api } from "@gatehouse/clients/react";
import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { ConfirmAction } from "../../../components/confirm-action";
import { teamPath } from "./team-paths";
import { useDeleteProjectTeam } from "./use-teams";

export function DeleteTeamButton({ projectId, team }: { projectId: string; team: api.ServerTeam }) {
  const remove = useDeleteProjectTeam(projectId);
  const navigate = useNavigate();
  return (
    <ConfirmAction
      trigger={(ask) => (
        <Button variant="outline" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={ask}>
          Delete team
        </Button>
      )}
      title={`Delete ${team.display_name}?`}
      confirmLabel="Delete team"
      action={() => remove.mutateAsync({ teamId: team.id })}
      onDone={() => {
        notifications.show({ message: `${team.display_name} is deleted.`, color: "green" });
        void navigate(teamPath(projectId));
      }}
    >
      {`Every member leaves the team and loses the permissions they held in it, its open invitations stop working and its API keys stop working. This cannot be undone.`}
    </ConfirmAction>
  );
}
