import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { DISPLAY_NAME_MAX_LENGTH, displayNameProblem, focusFirstError } from "../../../lib/validation";
import { useUpdateTeamMemberProfile } from "./use-team-members";

interface MemberProfileFormProps {
  projectId: string;
  teamId: string;
  userId: string;
  displayName: string | null;
}

/** The member's display name in the team; empty shows their user's own name instead. */
export function MemberProfileForm({ projectId, teamId, userId, displayName }: MemberProfileFormProps) {
  const update = useUpdateTeamMemberProfile(projectId, teamId, userId);
  const form = useForm({ initialValues: { memberName: displayName ?? "" }, validate: { memberName: (value) => displayNameProblem(value.trim()) } });
  const save = form.onSubmit(({ memberName }) => {
    const trimmed = memberName.trim();
    update.mutate(
      { teamId, userId, data: { display_name: trimmed } },
      {
        onSuccess: () => {
          form.setValues({ memberName: trimmed });
          form.resetDirty({ memberName: trimmed });
          notifications.show({ message: "The member's name in this team is saved.", color: "green" });
        },
      },
    );
  }, focusFirstError);
  return (
    <form noValidate onSubmit={save}>
      <Stack gap="sm" maw={480}>
        <TextInput label="Display name in the team" name="memberName" description={`Up to ${DISPLAY_NAME_MAX_LENGTH} characters.`} {...form.getInputProps("memberName")} />
        <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={update.isPending} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
