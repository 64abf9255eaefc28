import { useConnectedApps, useDisconnectApp, type ConnectedApp } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Code, EmptyState, Group, List, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconApps } from "@tabler/icons-react";
import { useRef, useState, type RefObject } from "react";
import { AppLogo } from "../../../components/app-logo";
import { Boundary } from "../../../components/boundary";
import { ConfirmModal } from "../../../components/confirm-modal";
import { RelativeTime } from "../../../components/relative-time";
import { SettingsSection } from "../../../components/settings-section";
import { errorMessage } from "../../../lib/error-message";
import { scopesInWords } from "../../../lib/oauth-scopes";
import { AgentCredentials } from "./agent-credentials";

export function ConnectedAppsSection() {
  const { t } = useLingui();
  return (
    <SettingsSection
      title={t`Connected apps`}
      description={t`Apps you allowed to sign you in with your account, and what each of them may see. Disconnect one to end its access at once.`}
    >
      <ConnectedApps />
      <Boundary>
        <AgentCredentials />
      </Boundary>
    </SettingsSection>
  );
}

function ConnectedApps() {
  const apps = useConnectedApps();
  const [disconnecting, setDisconnecting] = useState<ConnectedApp | null>(null);
  // Where the focus goes when the app whose button opened the dialog is gone from the list.
  const section = useRef<HTMLDivElement>(null);
  const { t } = useLingui();
  return (
    <Stack gap="md" ref={section} tabIndex={-1} role="group" aria-label={t`Your connected apps`} style={{ outline: "none" }}>
      {apps.length === 0 ? (
        <EmptyState
          icon={<IconApps aria-hidden />}
          withIndicatorBackground
          title={t`No connected apps`}
          description={t`No app can sign you in with your account yet. When you allow one, it appears here.`}
        />
      ) : (
        <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {apps.map((app) => (
            <ConnectedAppItem key={app.client_id} app={app} onDisconnect={() => setDisconnecting(app)} />
          ))}
        </ul>
      )}
      <DisconnectModal app={disconnecting} onClose={() => setDisconnecting(null)} fallbackFocus={section} />
    </Stack>
  );
}

function ConnectedAppItem({ app, onDisconnect }: { app: ConnectedApp; onDisconnect: () => void }) {
  const { t, i18n } = useLingui();
  const name = app.display_name;
  const { worded, others } = scopesInWords(app.scopes);
  const host = hostOf(app.homepage_url);
  return (
    <Paper component="li" withBorder radius="md" p="sm" mb="xs" aria-label={name} data-client-id={app.client_id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: "1 1 14rem" }}>
            <AppLogo name={name} logoUrl={app.logo_url} size="md" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={500} className="break-anywhere">
                {name}
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>
                  Allowed <RelativeTime millis={app.connected_at_millis} />
                </Trans>
                {host ? (
                  <>
                    {" · "}
                    <Anchor href={app.homepage_url!} target="_blank" rel="noopener noreferrer" inherit className="break-anywhere" aria-label={t`${host} (opens in a new tab)`}>
                      {host}
                    </Anchor>
                  </>
                ) : null}
              </Text>
            </Stack>
          </Group>
          <Button variant="light" color="red" size="xs" onClick={onDisconnect} aria-label={t`Disconnect ${name}`}>
            <Trans>Disconnect</Trans>
          </Button>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            <Trans>It may:</Trans>
          </Text>
          <List size="sm" spacing={2} withPadding aria-label={t`What ${name} may do`}>
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
      </Stack>
    </Paper>
  );
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

function DisconnectModal({ app, onClose, fallbackFocus }: { app: ConnectedApp | null; onClose: () => void; fallbackFocus: RefObject<HTMLElement | null> }) {
  const { t } = useLingui();
  const disconnect = useDisconnectApp();
  // The last app asked about stays in the text while the dialog fades out.
  const [shown, setShown] = useState(app);
  if (app !== null && app !== shown) setShown(app);
  const name = shown?.display_name ?? "";
  const confirm = () => {
    if (!shown) return;
    disconnect.mutate(
      { clientId: shown.client_id },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ message: t`${name} is disconnected.`, color: "green" });
        },
      },
    );
  };
  return (
    <ConfirmModal
      opened={app !== null}
      onClose={() => {
        disconnect.reset();
        onClose();
      }}
      title={t`Disconnect ${name}?`}
      confirmLabel={t`Disconnect`}
      onConfirm={confirm}
      pending={disconnect.isPending}
      error={disconnect.error ? errorMessage(disconnect.error, { OAUTH_APP_NOT_CONNECTED: t`${name} was already disconnected.` }) : null}
      fallbackFocus={fallbackFocus}
    >
      <Text>
        <Trans>
          {name} will no longer be able to sign you in or see anything of your account: its access ends now. If you use it again, it will have to ask you again.
        </Trans>
      </Text>
    </ConfirmModal>
  );
}
