import { Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { ErrorAlert } from "../../../components/error-alert";
import { SettingsHeading } from "../../../components/settings-heading";
import { errorMessage } from "../../../lib/error-message";
import { CopyableValue } from "../../../components/copyable-value";
import { useSaveOAuthServer, type OAuthServerSettings } from "./use-oauth-server";

type Setting = "enabled" | "dynamicClientRegistration";

interface ServerSettingsProps {
  projectId: string;
  projectName: string;
  settings: OAuthServerSettings;
  urls: { issuer: string; discovery: string };
}

/** The project as an OAuth server: on or off, whether clients may register themselves, and its addresses. Each switch saves at once. */
export function ServerSettings({ projectId, projectName, settings, urls }: ServerSettingsProps) {
  const save = useSaveOAuthServer(projectId);
  // The value asked for, shown until the configuration read again has it (or the save fails),
  // so that the switch does not flick back while the new read is on its way.
  const [asked, setAsked] = useState<{ setting: Setting; value: boolean } | null>(null);
  useEffect(() => {
    if (asked && settings[asked.setting] === asked.value) setAsked(null);
  }, [asked, settings]);
  const value = (setting: Setting) => (asked?.setting === setting ? asked.value : settings[setting]);
  const change = async (setting: Setting, next: boolean, said: string) => {
    setAsked({ setting, value: next });
    try {
      await save.save({ [`oauthServer.${setting}`]: next });
      notifications.show({ message: said, color: "green" });
    } catch {
      // The card shows the refusal (save.error).
      setAsked(null);
    }
  };
  const signIn = `Sign in with ${projectName}`;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label="OAuth server">
      <Stack gap="md">
        <SettingsHeading
          order={2}
          title="OAuth server"
          description={`Other apps, CLIs and AI agents can sign your users in with ${projectName} and get tokens for your APIs (OAuth 2.1 and OpenID Connect).`}
        />
        <Switch
          label={signIn}
          description="The apps below may send users here to sign in and allow them. Off, no app can sign anyone in."
          checked={value("enabled")}
          disabled={save.isPending}
          onChange={(event) => void change("enabled", event.currentTarget.checked, event.currentTarget.checked ? `${signIn} is on.` : `${signIn} is off.`)}
        />
        <Switch
          label="Let apps register themselves"
          description="MCP clients and AI agents need this: they register on their own (OAuth dynamic client registration) before asking a user to sign in. Such apps can sign users in, never act on their own."
          checked={value("dynamicClientRegistration")}
          disabled={save.isPending}
          onChange={(event) =>
            void change(
              "dynamicClientRegistration",
              event.currentTarget.checked,
              event.currentTarget.checked ? "Apps may now register themselves." : "Apps can no longer register themselves.",
            )
          }
        />
        <ErrorAlert message={save.error ? errorMessage(save.error) : null} />
        {settings.enabled ? (
          <Stack gap="sm" data-testid="oauth-server-urls">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Issuer URL
              </Text>
              <CopyableValue value={urls.issuer} copyLabel="Copy the issuer URL" testId="oauth-issuer" />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Discovery URL
              </Text>
              <CopyableValue value={urls.discovery} copyLabel="Copy the discovery URL" testId="oauth-discovery" />
            </Stack>
            <Text size="xs" c="dimmed">
              OpenID and OAuth libraries need only the issuer: the discovery document names every endpoint.
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
