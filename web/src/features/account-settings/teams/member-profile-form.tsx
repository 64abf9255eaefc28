import { useOwnTeamMemberProfile, useUpdateTeamMemberProfile } from "@gatehouse/clients/react";
import { notifications } from "@mantine/notifications";
import { TextFieldForm } from "../../../components/text-field-form";
import { DISPLAY_NAME_MAX_LENGTH, displayNameProblem } from "../../../lib/validation";

const memberNameProblem = (value: string) => (value.trim() === "" ? "Enter the name to show in this team." : displayNameProblem(value.trim()));

export function MemberProfileForm({ teamId }: { teamId: string }) {
  const profile = useOwnTeamMemberProfile(teamId);
  const update = useUpdateTeamMemberProfile();
  return (
    <TextFieldForm
      label="Your name in this team"
      name="memberName"
      autoComplete="name"
      initialValue={profile?.display_name ?? ""}
      description={`Up to ${DISPLAY_NAME_MAX_LENGTH} characters.`}
      problem={memberNameProblem}
      submitLabel="Save name"
      pending={update.isPending}
      error={update.error}
      onSave={(name, saved) =>
        update.mutate(
          { teamId, userId: "me", data: { display_name: name } },
          {
            onSuccess: () => {
              saved();
              notifications.show({ message: "Your name in this team is saved.", color: "green" });
            },
          },
        )
      }
    />
  );
}
