import type { CurrentUser, OAuthAuthorization } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Avatar, Button, Code, Group, List, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { AppLogo } from "../../components/app-logo";
import { ErrorAlert } from "../../components/error-alert";
import { PageCard } from "../../components/page-card";
import { scopesInWords } from "../../lib/oauth-scopes";

export type Decision = "allow" | "deny";

interface ConsentProps {
  request: OAuthAuthorization;
  user: CurrentUser;
  projectName: string;
  /** This site's own project, whose account settings list the apps a user allowed. */
  projectIsSite: boolean;
  /** Why the last answer was refused. */
  error: string | null;
  onAnswer: (decision: Decision) => void;
  onSwitchAccount: () => void;
}

/**
 * The question: which app, as which account, may do what (each scope in plain words, each API
 * with its own scopes), and Allow or Deny. Deny comes first and is the quieter button: nothing
 * is shared unless the person chooses to.
 */
export function Consent({ request, user, projectName, projectIsSite, error, onAnswer, onSwitchAccount }: ConsentProps) {
  const { t } = useLingui();
  const app = request.client;
  const appName = app.display_name;
  const account = user.primary_email ?? user.display_name ?? t`an account without an e-mail`;
  return (
    <PageCard title={t`${appName} wants to sign you in with ${projectName}`}>
      <Group gap="sm" wrap="nowrap">
        <AppLogo name={appName} logoUrl={app.logo_url} />
        <Stack gap={0} miw={0}>
          <Text fw={600} className="break-anywhere">
            {appName}
          </Text>
          <Homepage url={app.homepage_url} />
        </Stack>
      </Group>

      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={user.profile_image_url} name={account} color="initials" radius="xl" alt="" aria-hidden />
          <Stack gap={0} miw={0}>
            <Text size="sm" c="dimmed">
              <Trans>Signed in as</Trans>
            </Text>
            <Text fw={500} className="break-anywhere" data-testid="consent-account">
              {account}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" mt="xs">
          <Trans>
            Not you?{" "}
            <Anchor component="button" type="button" size="sm" onClick={onSwitchAccount}>
              Use another account
            </Anchor>
          </Trans>
        </Text>
      </Paper>

      <Permissions request={request} />

      <ErrorAlert message={error} />
      <Group grow gap="sm">
        <Button variant="default" onClick={() => onAnswer("deny")}>
          <Trans>Deny</Trans>
        </Button>
        <Button onClick={() => onAnswer("allow")}>
          <Trans>Allow</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {projectIsSite ? (
          <Trans>Only allow apps you trust. You can disconnect {appName} at any time in your account settings.</Trans>
        ) : (
          <Trans>Only allow apps you trust.</Trans>
        )}
      </Text>
    </PageCard>
  );
}

/** The app's own site, by its host name; it opens in a new tab so that the request stays open here. */
function Homepage({ url }: { url: string | null }) {
  const { t } = useLingui();
  if (!url) return null;
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return null;
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" className="break-anywhere" aria-label={t`${host} (opens in a new tab)`}>
      {host}
    </Anchor>
  );
}

/** Each scope in plain words, and each API the app wants a token for with the scopes it asks of it. */
function Permissions({ request }: { request: OAuthAuthorization }) {
  const { t, i18n } = useLingui();
  const appName = request.client.display_name;
  const { worded, others } = scopesInWords(request.scopes);
  const check = (
    <ThemeIcon color="teal" variant="light" size={22} radius="xl" aria-hidden>
      <IconCheck size={14} />
    </ThemeIcon>
  );
  return (
    <Stack gap="sm">
      <Stack gap="xs">
        <Text fw={600}>{t`This will let ${appName}:`}</Text>
        <List spacing="xs" icon={check} aria-label={t`What ${appName} asks for`}>
          {worded.length === 0 && others.length === 0 ? (
            <List.Item>
              <Trans>Know that you signed in, and nothing else about you</Trans>
            </List.Item>
          ) : null}
          {worded.map((words) => (
            <List.Item key={words.id}>{i18n._(words)}</List.Item>
          ))}
          {others.map((scope) => (
            <List.Item key={scope}>
              <Trans>
                Use the permission <Code>{scope}</Code>
              </Trans>
            </List.Item>
          ))}
        </List>
      </Stack>
      {request.resources.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600}>{t`And use these services for you:`}</Text>
          {request.resources.map((resource) => (
            <Paper key={resource.uri} withBorder radius="md" p="sm" data-testid="consent-resource">
              <Stack gap={4}>
                <Text fw={500} className="break-anywhere">
                  {resource.display_name ?? resource.uri}
                </Text>
                {resource.display_name ? (
                  <Text size="xs" c="dimmed" className="break-anywhere">
                    {resource.uri}
                  </Text>
                ) : null}
                {resource.scopes.length > 0 ? (
                  <Group gap={6}>
                    <Text size="sm">
                      <Trans>Permissions:</Trans>
                    </Text>
                    {resource.scopes.map((scope) => (
                      <Code key={scope}>{scope}</Code>
                    ))}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    <Trans>No particular permission</Trans>
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
