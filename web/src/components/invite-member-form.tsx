import { useInviteToTeam } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "./error-alert";
import { errorMessage } from "../lib/error-message";
import { handlerUrl } from "../lib/handler-paths";
import { emailProblem, focusFirstError } from "../lib/validation";

const inviteeProblem = (value: string) => (value.trim() === "" ? t`Enter the e-mail address of the person to invite.` : emailProblem(value));

/** Shown with `$invite_members`. */
export function InviteMemberForm({ teamId }: { teamId: string }) {
  const { t } = useLingui();
  const invite = useInviteToTeam();
  const form = useForm({ initialValues: { email: "" }, validate: { email: inviteeProblem } });
  const send = ({ email }: { email: string }) => {
    const address = email.trim();
    invite.mutate(
      { data: { team_id: teamId, email: address, callback_url: handlerUrl("teamInvitation") } },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ message: t`An invitation is on its way to ${address}.`, color: "green" });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(send, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput label={t`E-mail address to invite`} name="email" type="email" autoComplete="off" {...form.getInputProps("email")} />
        <ErrorAlert message={invite.error ? errorMessage(invite.error) : null} />
        <Group>
          <Button type="submit" loading={invite.isPending}>
            <Trans>Send invitation</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
