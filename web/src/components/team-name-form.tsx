import { useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import type { UseMutationResult } from "@tanstack/react-query";
import { TEAM_NAME_MAX_LENGTH, teamNameProblem } from "../lib/validation";
import { TextFieldForm } from "./text-field-form";

/** A team update (`PATCH /teams/{team_id}`), as the signed-in member or as the project's admin. */
export type TeamUpdateMutation = Pick<UseMutationResult<unknown, unknown, { teamId: string; data: { display_name?: string } }>, "mutate" | "isPending" | "error">;

/** The name every member sees. */
export function TeamNameForm({ team, update }: { team: { id: string; display_name: string }; update: TeamUpdateMutation }) {
  const { t } = useLingui();
  const max = TEAM_NAME_MAX_LENGTH;
  return (
    <TextFieldForm
      label={t`Team name`}
      name="teamName"
      initialValue={team.display_name}
      description={t`Up to ${max} characters.`}
      problem={teamNameProblem}
      submitLabel={t`Rename team`}
      pending={update.isPending}
      error={update.error}
      onSave={(name, saved) =>
        update.mutate(
          { teamId: team.id, data: { display_name: name } },
          {
            onSuccess: () => {
              saved();
              notifications.show({ message: t`The team is now called ${name}.`, color: "green" });
            },
          },
        )
      }
    />
  );
}
