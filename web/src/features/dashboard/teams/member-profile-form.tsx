import { notifications } from "@mantine/notifications";
import { TextFieldForm } from "../../../components/text-field-form";
import { DISPLAY_NAME_MAX_LENGTH, displayNameProblem } from "../../../lib/validation";
import { useUpdateTeamMemberProfile } from "./use-team-members";

interface MemberProfileFormProps {
  projectId: string;
  teamId: string;
  userId: string;
  displayName: string | null;
}

/** The member's display name in the team; empty shows their user's own name instead. */
export function MemberProfileForm({ projectId, teamId, userId, displayName }: MemberProfileFormProps) {
  const update = useUpdateTeamMemberProfile(projectId, teamId);
  return (
    <TextFieldForm
      label="Display name in the team"
      name="memberName"
      initialValue={displayName ?? ""}
      description={`Up to ${DISPLAY_NAME_MAX_LENGTH} characters. Leave it empty to show the user's own name.`}
      problem={(value) => displayNameProblem(value.trim())}
      submitLabel="Save name"
      pending={update.isPending}
      error={update.error}
      onSave={(name, saved) =>
        update.mutate(
          { teamId, userId, data: { display_name: name } },
          {
            onSuccess: () => {
              saved();
              notifications.show({ message: "The member's name in this team is saved.", color: "green" });
            },
          },
        )
      }
    />
  );
}
