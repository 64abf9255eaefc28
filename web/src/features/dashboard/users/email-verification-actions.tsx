import type { api } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { useProjectId } from "../shell/project-context";
import { useAdminProject } from "../shell/use-admin-project";
import { useSendUserVerificationEmail, useUpdateUserEmail } from "./use-user-emails";
import { userErrorMessage } from "./user-error-message";
import { appDomains, appPageUrl } from "../shell/app-pages";

/** For an unverified address: mark it verified outright, or e-mail the user a link to verify it themselves. */
export function EmailVerificationActions({ channel }: { channel: api.ContactChannel }) {
  const projectId = useProjectId();
  // The e-mail must lead to the app the user signs in to, which the dashboard knows only from its domains.
  const [app] = appDomains(useAdminProject(projectId).config.domains);
  const callbackUrl = app ? appPageUrl(app, "emailVerification") : null;
  const update = useUpdateUserEmail(projectId, channel.user_id);
  const send = useSendUserVerificationEmail(projectId);
  if (channel.is_verified) return null;
  const ids = { userId: channel.user_id, contactChannelId: channel.id };
  const address = channel.value;
  const markVerified = () => {
    send.reset();
    update.mutate({ ...ids, data: { is_verified: true } }, { onSuccess: () => notifications.show({ message: `${address} is marked verified.`, color: "green" }) });
  };
  const sendLink = () => {
    if (!callbackUrl) return;
    update.reset();
    send.mutate(
      { ...ids, data: { callback_url: callbackUrl } },
      { onSuccess: () => notifications.show({ message: `A verification link is on its way to ${address}.`, color: "green" }) },
    );
  };
  const failure = update.error ?? send.error;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button size="compact-sm" variant="light" loading={update.isPending} onClick={markVerified} aria-label={`Mark ${address} as verified`}>
          Mark as verified
        </Button>
        <Button size="compact-sm" variant="default" loading={send.isPending} disabled={!callbackUrl} onClick={sendLink} aria-label={`Send a verification e-mail to ${address}`}>
          Send verification e-mail
        </Button>
      </Group>
      {callbackUrl ? null : (
        <Text size="xs" c="dimmed">
          To send verification e-mails, add your app&apos;s domain to the project&apos;s trusted domains: the e-mail links to its verification page.
        </Text>
      )}
      <ErrorAlert message={failure ? userErrorMessage(failure) : null} />
    </Stack>
  );
}
