import { useOwnTeamMemberProfile, useUpdateTeamMemberProfile } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { TextFieldForm } from "../../../components/text-field-form";
import { DISPLAY_NAME_MAX_LENGTH, displayNameProblem } from "../../../lib/validation";

const memberNameProblem = (value: string) => (value.trim() === "" ? t`Enter the name to show in this team.` : displayNameProblem(value.trim()));

export function MemberProfileForm({ teamId }: { teamId: string }) {
  const { t } = useLingui();
  const max = DISPLAY_NAME_MAX_LENGTH;
  const profile = useOwnTeamMemberProfile(teamId);
  const update = useUpdateTeamMemberProfile();
  return (
    <TextFieldForm
      label={t`Your name in this team`}
      name="memberName"
      autoComplete="name"
      initialValue={profile?.display_name ?? ""}
      description={t`Up to ${max} characters.`}
      problem={memberNameProblem}
      submitLabel={t`Save name`}
      pending={update.isPending}
      error={update.error}
      onSave={(name, saved) =>
        update.mutate(
          { teamId, userId: "me", data: { display_name: name } },
          {
            onSuccess: () => {
              saved();
              notifications.show({ message: t`Your name in this team is saved.`, color: "green" });
            },
          },
        )
      }
    />
  );
}
