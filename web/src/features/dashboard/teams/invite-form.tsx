import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage, type ErrorWording } from "../../../lib/error-message";
import { emailProblem, focusFirstError } from "../../../lib/validation";
import { useAdminProject } from "../shell/use-admin-project";
import { appDomains, appPageUrl } from "../shell/app-pages";
import { useSendTeamInvitation } from "./use-team-invitations";

const WORDING: ErrorWording = {
  REDIRECT_URL_NOT_WHITELISTED: "The invitation page is not on one of the project's trusted domains. Add its domain in Settings, or use an address on a trusted domain.",
};

function pageUrlProblem(value: string): string | null {
  const url = value.trim();
  if (url === "") return "Enter the address of your app's team invitation page.";
  if (/\s/.test(url) || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return "Enter a whole http(s) address, such as https://app.example.com/handler/team-invitation.";
  return null;
}

/**
 * The e-mail links to the app's team invitation page, which needs to be on a trusted domain;
 * the project's first domain gives it, and without one the admin says where it is.
 */
export function InviteForm({ projectId, teamId }: { projectId: string; teamId: string }) {
  const { config } = useAdminProject(projectId);
  const [app] = appDomains(config.domains);
  const known = app ? appPageUrl(app, "teamInvitation") : null;
  const send = useSendTeamInvitation(projectId);
  const form = useForm({
    initialValues: { email: "", pageUrl: "" },
    validate: {
      email: (value) => (value.trim() === "" ? "Enter the e-mail address of the person to invite." : emailProblem(value)),
      pageUrl: (value) => (known ? null : pageUrlProblem(value)),
    },
    onValuesChange: () => send.reset(),
  });
  const submit = form.onSubmit(({ email, pageUrl }) => {
    const address = email.trim();
    send.mutate(
      { data: { team_id: teamId, email: address, callback_url: known ?? pageUrl.trim() } },
      {
        onSuccess: () => {
          form.setFieldValue("email", "");
          notifications.show({ message: `An invitation is on its way to ${address}.`, color: "green" });
        },
      },
    );
  }, focusFirstError);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={480}>
        <TextInput label="Invite by e-mail" name="email" type="email" autoComplete="off" {...form.getInputProps("email")} />
        {known ? (
          <Text size="sm" c="dimmed" className="break-anywhere">
            The e-mail links to {known}, on the project&apos;s first trusted domain.
          </Text>
        ) : (
          <TextInput
            label="Invitation page"
            name="pageUrl"
            type="url"
            placeholder="https://app.example.com/handler/team-invitation"
            description="The project has no trusted domain yet, so say where your app's team invitation page is. It must be on a trusted domain (or localhost, if the project allows it)."
            {...form.getInputProps("pageUrl")}
          />
        )}
        <ErrorAlert message={send.error ? errorMessage(send.error, WORDING) : null} />
        <Group>
          <Button type="submit" variant="default" loading={send.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
