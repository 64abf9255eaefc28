import { isKnownErrorCode, useGatehouse } from "@gatehouse/clients/react";
import { Button, Code, Group, Text } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { PageCard } from "../../components/page-card";
import type { KnownErrorCode } from "@gatehouse/clients/react";

/** Words for the errors a flow may land here with; any other shows the server's message. */
const EXPLANATIONS: { readonly [C in KnownErrorCode]?: MessageDescriptor } = {
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: msg`This e-mail address already signs in to another account. Sign in to that account with its usual method.`,
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: msg`This provider account already signs in to another account.`,
  SIGN_UP_NOT_ENABLED: msg`New accounts cannot be created here right now.`,
  OAUTH_PROVIDER_ACCESS_DENIED: msg`The sign-in was cancelled at the provider.`,
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: msg`This provider account is already connected to another account.`,
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: msg`You already have an account of this provider connected. Remove it first to connect another.`,
  OUTER_OAUTH_TIMEOUT: msg`This sign-in took too long or was started in another browser. Start it again.`,
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: msg`The provider could not be reached. Try again in a moment.`,
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: msg`Signing in with this provider is not available right now.`,
};

/**
 * Where a flow that cannot go on sends the browser (`?errorCode=&message=&details=`, the error
 * redirect of the OAuth flow among them). What the query says is shown as text, never markup.
 */
export function ErrorPage() {
  const { t, i18n } = useLingui();
  const { urls } = useGatehouse();
  const [params] = useSearchParams();
  const code = params.get("errorCode") ?? params.get("error");
  const message = params.get("message") ?? params.get("error_description");
  const explanation = isKnownErrorCode(code) ? EXPLANATIONS[code] : undefined;
  // Any other code shows the server's message, which is English.
  return (
    <PageCard title={t`Something went wrong`} announce>
      <ErrorAlert message={explanation ? i18n._(explanation) : (message ?? t`The last step could not be completed.`)} />
      {code ? (
        <Text size="sm" c="dimmed">
          <Trans>
            Error code: <Code>{code}</Code>
          </Trans>
        </Text>
      ) : null}
      <Group>
        <Button component={Link} to={urls.signIn}>
          <Trans>Back to sign in</Trans>
        </Button>
        <Button component={Link} to={urls.home} variant="default">
          <Trans>Home</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}
