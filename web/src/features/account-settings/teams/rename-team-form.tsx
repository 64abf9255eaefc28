import { useUpdateTeam, type Team } from "@gatehouse/clients/react";
import { TeamNameForm } from "../../../components/team-name-form";

/** Shown with `$update_team`. */
export function RenameTeamForm({ team }: { team: Team }) {
  const update = useUpdateTeam();
  return <TeamNameForm team={team} update={update} />;
}
