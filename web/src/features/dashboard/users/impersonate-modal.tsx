import type { api } from "@gatehouse/clients/react";
import { Alert, Button, Code, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconExternalLink } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert } from "../../../components/error-alert";
import { exactTime } from "../../../lib/format-time";
import { useProjectId } from "../shell/project-context";
import { useAdminProject } from "../shell/use-admin-project";
import { CopyValueButton } from "./copy-value-button";
import { useImpersonateUser } from "./use-user-sessions";
import { userErrorMessage } from "./user-error-message";
import { userLabel } from "./user-badges";

const HOUR = 3600 * 1000;
const LIFETIMES = [
  { value: String(HOUR), label: "1 hour" },
  { value: String(24 * HOUR), label: "1 day" },
  { value: String(7 * 24 * HOUR), label: "7 days" },
];

interface ImpersonateModalProps {
  user: api.ServerUser;
  opened: boolean;
  onClose: () => void;
}

/**
 * Impersonation as the API offers it: a new session of the user, marked as an impersonation,
 * whose refresh token the admin takes to the app. The dashboard cannot sign a browser in to
 * the project's app itself (that app keeps its session on its own domain), so it says what
 * the token is, how long it lasts, how to use it, and that it is shown only once.
 */
export function ImpersonateModal({ user, opened, onClose }: ImpersonateModalProps) {
  const projectId = useProjectId();
  const impersonate = useImpersonateUser(projectId, user.id);
  const [lifetime, setLifetime] = useState(LIFETIMES[0]!.value);
  const [session, setSession] = useState<{ refreshToken: string; expiresAt: number } | null>(null);
  const label = userLabel(user);

  const close = () => {
    // The token is not kept: closing the dialog is the last time it can be seen.
    setSession(null);
    impersonate.reset();
    onClose();
  };
  const start = () =>
    impersonate.mutate(
      { data: { user_id: user.id, is_impersonation: true, expires_in_millis: Number(lifetime) } },
      { onSuccess: (tokens) => setSession({ refreshToken: tokens.refresh_token, expiresAt: Date.now() + Number(lifetime) }) },
    );

  return (
    <Modal opened={opened} onClose={close} title={session ? "Impersonation session created" : `Impersonate ${label}?`} centered size="lg" closeOnClickOutside={!session && !impersonate.isPending}>
      {session ? (
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
          <UsageHint projectId={projectId} session={session} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>
            This creates a new session for <strong className="break-anywhere">{label}</strong> and gives you its refresh token: with it you act as the user, with all their access. The
            session is marked as an impersonation, here and in the user&apos;s own list of sessions.
          </Text>
          <Text size="sm" c="dimmed">
            The dashboard cannot open your app signed in as the user (your app keeps its session on its own site), so you take the token there yourself.
          </Text>
          <NativeSelect label="Session lasts" value={lifetime} onChange={(event) => setLifetime(event.currentTarget.value)} data={LIFETIMES} maw={200} />
          <ErrorAlert message={impersonate.error ? userErrorMessage(impersonate.error) : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={impersonate.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="orange" onClick={start} loading={impersonate.isPending}>
              Create impersonation session
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * How the token signs the app in, as a line for the browser's console on the app's site: Stack's
 * SDKs read a refresh token from the `stack-refresh-<project>` cookie (their older name, which every
 * release still reads; Stack's own dashboard hands out the same line), Gatehouse's client library
 * from localStorage. The dashboard cannot do it itself: the app keeps its session on its own site.
 */
function impersonationSnippets(projectId: string, refreshToken: string, expiresAt: number) {
  return {
    stackSdk: `document.cookie = ${JSON.stringify(`stack-refresh-${projectId}=${refreshToken}; expires=${new Date(expiresAt).toUTCString()}; path=/`)}; location.reload();`,
    gatehouseClient: `localStorage.setItem(${JSON.stringify(`gatehouse:${projectId}:refresh-token`)}, ${JSON.stringify(refreshToken)}); location.reload();`,
  };
}

function UsageHint({ projectId, session }: { projectId: string; session: { refreshToken: string; expiresAt: number } }) {
  const { config } = useAdminProject(projectId);
  const snippets = impersonationSnippets(projectId, session.refreshToken, session.expiresAt);
  const app = config.domains[0]?.domain;
  return (
    <Stack gap="sm">
      <Text fw={500}>How to use it</Text>
      <Text size="sm">
        Open your app in a private window (so your own session there stays as it is), paste the line for your app&apos;s library into the browser&apos;s developer console there, and press
        Enter: the app reloads signed in as the user.
      </Text>
      {app ? (
        <Button component="a" href={app} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={16} aria-hidden />} w="fit-content">
          Open {app}
        </Button>
      ) : null}
      <Snippet title="Apps on Stack Auth's SDKs" value={snippets.stackSdk} copyLabel="Copy the line for Stack's SDKs" testId="impersonation-stack-snippet" />
      <Snippet title="Apps on Gatehouse's client library" value={snippets.gatehouseClient} copyLabel="Copy the line for Gatehouse's client library" />
      <Text size="sm" c="dimmed">
        Any other client takes it as the session&apos;s refresh token, for example in the <Code>x-stack-refresh-token</Code> header of{" "}
        <Code>POST /api/v1/auth/sessions/current/refresh</Code>, which answers with an access token.
      </Text>
    </Stack>
  );
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
