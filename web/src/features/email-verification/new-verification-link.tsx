import { Trans } from "@lingui/react/macro";
import { useGatehouse, useSendEmailVerification, useUser, withReturnTo } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { errorMessage } from "../../lib/error-message";
import { handlerUrl } from "../../lib/handler-paths";

/**
 * What to do when a verification link cannot be used: signed in, see whether the address is
 * verified already and, if not, mail a new link; signed out, sign in first and come back.
 */
export function NewVerificationLink() {
  const user = useUser();
  const { urls } = useGatehouse();
  const { pathname, search } = useLocation();
  const send = useSendEmailVerification();

  if (!user) {
    return (
      <Stack gap="sm">
        <Text>
          <Trans>Sign in to check your address or get a new verification e-mail.</Trans>
        </Text>
        <Group>
          <Button component={Link} to={withReturnTo(urls.signIn, pathname + search)} variant="default">
            <Trans>Sign in</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }

  const { primary_email: email, primary_email_verified: verified } = user;
  if (!email) {
    return (
      <Text>
        <Trans>Your account has no e-mail address to verify.</Trans>
      </Text>
    );
  }
  if (verified) {
    return (
      <Stack gap="sm">
        <Text role="status">
          <Trans>
            Good news: <strong className="break-anywhere">{email}</strong> is verified already. There is nothing more to do.
          </Trans>
        </Text>
        <Group>
          <Button component={Link} to={`${urls.accountSettings}#emails`}>
            <Trans>Go to your account</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  if (send.isSuccess) {
    return (
      <Text role="status">
        <Trans>
          We have sent a new verification link to <strong className="break-anywhere">{email}</strong>.
        </Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text>
        <Trans>
          <strong className="break-anywhere">{email}</strong> is not verified yet.
        </Trans>
      </Text>
      <ErrorAlert message={send.error ? errorMessage(send.error) : null} />
      <Group>
        <Button loading={send.isPending} onClick={() => send.mutate({ data: { email, callback_url: handlerUrl("emailVerification") } })}>
          <Trans>Send a new verification e-mail</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
