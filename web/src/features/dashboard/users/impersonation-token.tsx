import { Alert, Code, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { exactTime } from "../../../lib/format-time";
import { CopyValueButton } from "./copy-value-button";

export interface ImpersonationToken {
  refreshToken: string;
  expiresAt: number;
}

/**
 * An impersonation session's refresh token, for apps that cannot take a link (no sign-in-link
 * page, another client): what it is, how long it lasts, and the line that signs an app in with it.
 * It is shown only while this is on screen.
 */
export function ImpersonationTokenView({ projectId, label, session }: { projectId: string; label: string; session: ImpersonationToken }) {
  const snippets = impersonationSnippets(projectId, session.refreshToken, session.expiresAt);
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Treat this token like the user's password">
        Anyone who has it acts as {label} until {exactTime(session.expiresAt)}. It is shown only now. Revoke the session in this user&apos;s sessions when you are done.
      </Alert>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500} id="impersonation-token-label">
            Refresh token
          </Text>
          <CopyValueButton value={session.refreshToken} label="Copy the refresh token" />
        </Group>
        <Code block className="break-anywhere" aria-labelledby="impersonation-token-label" data-testid="impersonation-refresh-token" style={{ whiteSpace: "pre-wrap" }}>
          {session.refreshToken}
        </Code>
      </Stack>
      <Text fw={500}>How to use it</Text>
      <Text size="sm">
        Open your app in a private window (so your own session there stays as it is), paste the line for your app&apos;s library into the browser&apos;s developer console there, and press Enter:
        the app reloads signed in as the user.
      </Text>
      <Snippet title="Apps on Stack Auth's SDKs" value={snippets.stackSdk} copyLabel="Copy the line for Stack's SDKs" testId="impersonation-stack-snippet" />
      <Snippet title="Apps on Gatehouse's client library" value={snippets.gatehouseClient} copyLabel="Copy the line for Gatehouse's client library" />
      <Text size="sm" c="dimmed">
        Any other client takes it as the session&apos;s refresh token, for example in the <Code>x-stack-refresh-token</Code> header of{" "}
        <Code>POST /api/v1/auth/sessions/current/refresh</Code>, which answers with an access token.
      </Text>
    </Stack>
  );
}

/**
 * The token as a line for the browser's console on the app's site: Stack's SDKs read a refresh
 * token from the `stack-refresh-<project>` cookie (their older name, which every release still
 * reads; Stack's own dashboard hands out the same line), Gatehouse's client library from localStorage.
 */
function impersonationSnippets(projectId: string, refreshToken: string, expiresAt: number) {
  return {
    stackSdk: `document.cookie = ${JSON.stringify(`stack-refresh-${projectId}=${refreshToken}; expires=${new Date(expiresAt).toUTCString()}; path=/`)}; location.reload();`,
    gatehouseClient: `localStorage.setItem(${JSON.stringify(`gatehouse:${projectId}:refresh-token`)}, ${JSON.stringify(refreshToken)}); location.reload();`,
  };
}

function Snippet({ title, value, copyLabel, testId }: { title: string; value: string; copyLabel: string; testId?: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Code block className="break-anywhere" style={{ whiteSpace: "pre-wrap", flex: 1 }} data-testid={testId}>
          {value}
        </Code>
        <CopyValueButton value={value} label={copyLabel} />
      </Group>
    </Stack>
  );
}
