import { notifications } from "@mantine/notifications";
import type { UseMutationResult } from "@tanstack/react-query";
import { TEAM_NAME_MAX_LENGTH, teamNameProblem } from "../lib/validation";
import { TextFieldForm } from "./text-field-form";

/** A team update (`PATCH /teams/{team_id}`), as the signed-in member or as the project's admin. */
export type TeamUpdateMutation = Pick<UseMutationResult<unknown, unknown, { teamId: string; data: { display_name?: string } }>, "mutate" | "isPending" | "error">;

/** The name every member sees. */
export function TeamNameForm({ team, update }: { team: { id: string; display_name: string }; update: TeamUpdateMutation }) {
  return (
    <TextFieldForm
      label="Team name"
      name="teamName"
      initialValue={team.display_name}
      description={`Up to ${TEAM_NAME_MAX_LENGTH} characters.`}
      problem={teamNameProblem}
      submitLabel="Rename team"
      pending={update.isPending}
      error={update.error}
      onSave={(name, saved) =>
        update.mutate(
          { teamId: team.id, data: { display_name: name } },
          {
            onSuccess: () => {
              saved();
              notifications.show({ message: `The team is now called ${name}.`, color: "green" });
            },
          },
        )
      }
    />
  );
}
