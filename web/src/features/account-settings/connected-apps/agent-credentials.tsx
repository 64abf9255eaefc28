import { useAgentCredentials, useConnectedApps, useRevokeAgentCredential, useTeams, type AgentCredential } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Code, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRef, useState, type RefObject } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { RelativeTime } from "../../../components/relative-time";
import { SettingsHeading } from "../../../components/settings-heading";
import { errorMessage } from "../../../lib/error-message";

/**
 * The tokens the user gave apps or agents (POST /oauth-apps/agent-credentials), each narrowed to
 * some of their permissions in one team until it expires: what each may do, and Revoke. Shown
 * only once the user has one: nothing in these pages makes them, an app asks through the API.
 */
export function AgentCredentials() {
  const credentials = useAgentCredentials();
  const appNames = new Map(useConnectedApps().map((app) => [app.client_id, app.display_name]));
  const teamNames = new Map(useTeams().map((team) => [team.id, team.display_name]));
  const [revoking, setRevoking] = useState<AgentCredential | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const { t } = useLingui();
  if (credentials.length === 0) return null;
  return (
    <Stack gap="sm" ref={list} tabIndex={-1} style={{ outline: "none" }}>
      <SettingsHeading order={3} title={t`Agent credentials`} description={t`Tokens you gave an app or agent to act for you in one team, with some of your permissions there, until they expire.`} />
      <ul aria-label={t`Your agent credentials`} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {credentials.map((credential) => (
          <CredentialItem
            key={credential.id}
            credential={credential}
            appName={appNames.get(credential.client_id) ?? credential.client_id}
            teamName={teamNames.get(credential.team_id) ?? credential.team_id}
            onRevoke={() => setRevoking(credential)}
          />
        ))}
      </ul>
      <RevokeModal credential={revoking} onClose={() => setRevoking(null)} fallbackFocus={list} />
    </Stack>
  );
}

function CredentialItem({ credential, appName, teamName, onRevoke }: { credential: AgentCredential; appName: string; teamName: string; onRevoke: () => void }) {
  const { t } = useLingui();
  const description = credential.description;
  return (
    <Paper component="li" withBorder radius="md" p="sm" mb="xs" aria-label={description} data-credential-id={credential.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="sm">
          <Stack gap={0} style={{ minWidth: 0, flex: "1 1 14rem" }}>
            <Text fw={500} className="break-anywhere">
              {description}
            </Text>
            <Text size="sm" c="dimmed" className="break-anywhere">
              <Trans>
                For {appName} in {teamName} · expires <RelativeTime millis={credential.expires_at_millis} />
              </Trans>
            </Text>
          </Stack>
          <Button variant="light" color="red" size="xs" onClick={onRevoke} aria-label={t`Revoke ${description}`}>
            <Trans>Revoke</Trans>
          </Button>
        </Group>
        <Text size="sm">
          <Trans>Permissions:</Trans>{" "}
          {credential.permissions.map((permission, index) => (
            <span key={permission}>
              {index > 0 ? ", " : null}
              <Code>{permission}</Code>
            </span>
          ))}
        </Text>
      </Stack>
    </Paper>
  );
}

function RevokeModal({ credential, onClose, fallbackFocus }: { credential: AgentCredential | null; onClose: () => void; fallbackFocus: RefObject<HTMLElement | null> }) {
  const { t } = useLingui();
  const revoke = useRevokeAgentCredential();
  // The last credential asked about stays in the text while the dialog fades out.
  const [shown, setShown] = useState(credential);
  if (credential !== null && credential !== shown) setShown(credential);
  const description = shown?.description ?? "";
  const confirm = () => {
    if (!shown) return;
    revoke.mutate(
      { credentialId: shown.id },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ message: t`${description} is revoked.`, color: "green" });
        },
      },
    );
  };
  return (
    <ConfirmModal
      opened={credential !== null}
      onClose={() => {
        revoke.reset();
        onClose();
      }}
      title={t`Revoke ${description}?`}
      confirmLabel={t`Revoke`}
      onConfirm={confirm}
      pending={revoke.isPending}
      error={revoke.error ? errorMessage(revoke.error, { AGENT_CREDENTIAL_NOT_FOUND: t`${description} was already revoked or has ended.` }) : null}
      fallbackFocus={fallbackFocus}
    >
      <Text>
        <Trans>The app or agent holding this token can no longer use it: it stops now.</Trans>
      </Text>
    </ConfirmModal>
  );
}
