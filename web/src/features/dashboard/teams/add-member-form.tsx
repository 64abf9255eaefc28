import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { UserNotFoundError, userReferenceProblem } from "./find-user";
import { useAddTeamMember } from "./use-team-members";

/** Adds an existing user of the project at once; people without an account are invited instead. */
export function AddMemberForm({ projectId, teamId }: { projectId: string; teamId: string }) {
  const add = useAddTeamMember(projectId, teamId);
  const form = useForm({ initialValues: { member: "" }, validate: { member: userReferenceProblem }, onValuesChange: () => add.reset() });
  const submit = form.onSubmit(
    ({ member }) =>
      add.mutate(member, {
        onSuccess: (user) => {
          form.reset();
          notifications.show({ message: `${user.display_name ?? user.primary_email ?? user.id} is now a member.`, color: "green" });
        },
      }),
    focusFirstError,
  );
  const lookupFailed = add.error instanceof UserNotFoundError ? add.error.message : null;
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Add a user"
          name="member"
          autoComplete="off"
          spellCheck={false}
          description="Their user id or e-mail address. They get the team member's default permissions."
          {...form.getInputProps("member")}
          error={form.errors.member ?? lookupFailed}
        />
        <ErrorAlert message={add.error && !lookupFailed ? errorMessage(add.error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={add.isPending}>
            Add member
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
