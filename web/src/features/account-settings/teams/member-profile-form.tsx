import { useOwnTeamMemberProfile, useUpdateTeamMemberProfile } from "@gatehouse/clients/react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { DISPLAY_NAME_MAX_LENGTH, displayNameProblem, focusFirstError } from "../../../lib/validation";

const memberNameProblem = (value: string) => (value.trim() === "" ? "Enter the name to show in this team." : displayNameProblem(value.trim()));

export function MemberProfileForm({ teamId }: { teamId: string }) {
  const profile = useOwnTeamMemberProfile(teamId);
  const update = useUpdateTeamMemberProfile();
  const form = useForm({ initialValues: { memberName: profile?.display_name ?? "" }, validate: { memberName: memberNameProblem } });
  const save = ({ memberName }: { memberName: string }) => {
    const trimmed = memberName.trim();
    update.mutate(
      { teamId, userId: "me", data: { display_name: trimmed } },
      {
        onSuccess: () => {
          form.setValues({ memberName: trimmed });
          form.resetDirty({ memberName: trimmed });
          notifications.show({ message: "Your name in this team is saved.", color: "green" });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Your name in this team"
          name="memberName"
          autoComplete="name"
          description={`Up to ${DISPLAY_NAME_MAX_LENGTH} characters.`}
          {...form.getInputProps("memberName")}
        />
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
