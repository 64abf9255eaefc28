import { useGatehouse, useLinkedOAuthProviders, useLinkOAuthProvider, useProject, useUnlinkOAuthProvider, type LinkedOAuthProvider } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, EmptyState, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLink, IconPlugConnected } from "@tabler/icons-react";
import { useRef, useState, type RefObject } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { providerName } from "../../../lib/provider-names";
import { SettingsSection } from "../../../components/settings-section";

export function ConnectedAccountsSection() {
  const { t } = useLingui();
  return (
    <SettingsSection
      title={t`Connected accounts`}
      description={t`Accounts at other services you sign in with. Link another one, or remove one you no longer use.`}
    >
      <ConnectedAccounts />
    </SettingsSection>
  );
}

function ConnectedAccounts() {
  const links = useLinkedOAuthProviders();
  const [removing, setRemoving] = useState<LinkedOAuthProvider | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const { t } = useLingui();
  return (
    <Stack gap="md">
      {links.length === 0 ? (
        <EmptyState
          icon={<IconPlugConnected aria-hidden />}
          withIndicatorBackground
          title={t`No connected accounts`}
          description={t`Link an account below to sign in with it.`}
        />
      ) : (
        <ul ref={list} tabIndex={-1} aria-label={t`Your connected accounts`} style={{ listStyle: "none", padding: 0, margin: 0, outline: "none" }}>
          {links.map((link) => (
            <LinkedAccountItem key={link.id} link={link} onRemove={() => setRemoving(link)} />
          ))}
        </ul>
      )}
      <UnlinkModal link={removing} onClose={() => setRemoving(null)} fallbackFocus={list} />
      <LinkAnother first={links.length === 0} />
    </Stack>
  );
}

function LinkedAccountItem({ link, onRemove }: { link: LinkedOAuthProvider; onRemove: () => void }) {
  const { t } = useLingui();
  const name = providerName(link.provider_config_id);
  return (
    <Paper component="li" withBorder radius="md" p="sm" mb="xs" aria-label={name}>
      <Group justify="space-between" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: "1 1 14rem" }}>
          <ThemeIcon variant="light" color="gray" size="lg" radius="md" aria-hidden>
            <IconLink size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={500}>{name}</Text>
            <Text size="sm" c="dimmed" className="break-anywhere">
              {link.email ?? t`No e-mail shared`}
            </Text>
          </Stack>
        </Group>
        <Button variant="light" color="red" size="xs" onClick={onRemove} aria-label={t`Remove ${name}`}>
          <Trans>Remove</Trans>
        </Button>
      </Group>
    </Paper>
  );
}

function UnlinkModal({
  link,
  onClose,
  fallbackFocus,
}: {
  link: LinkedOAuthProvider | null;
  onClose: () => void;
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const unlink = useUnlinkOAuthProvider();
  // The last account asked about stays in the text while the dialog fades out.
  const [shown, setShown] = useState(link);
  if (link !== null && link !== shown) setShown(link);
  const name = shown ? providerName(shown.provider_config_id) : "";
  const email = shown?.email;
  const confirm = () => {
    if (!shown) return;
    unlink.mutate(
      { userId: "me", providerId: shown.id },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ message: t`${name} is no longer connected.`, color: "green" });
        },
      },
    );
  };
  return (
    <ConfirmModal
      opened={link !== null}
      onClose={() => {
        unlink.reset();
        onClose();
      }}
      title={t`Remove ${name}?`}
      confirmLabel={t`Remove`}
      onConfirm={confirm}
      pending={unlink.isPending}
      error={unlink.error ? errorMessage(unlink.error) : null}
      fallbackFocus={fallbackFocus}
    >
      <Text>
        {email ? (
          <Trans>
            You will no longer sign in with this {name} account ({email}). Make sure you have another way to sign in.
          </Trans>
        ) : (
          <Trans>You will no longer sign in with this {name} account. Make sure you have another way to sign in.</Trans>
        )}
      </Text>
    </ConfirmModal>
  );
}

/** A button per provider the project offers, to link another account. */
function LinkAnother({ first }: { first: boolean }) {
  const project = useProject();
  const { urls } = useGatehouse();
  const { t } = useLingui();
  const link = useLinkOAuthProvider();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const providers = project.config.enabled_oauth_providers;
  if (providers.length === 0) return null;
  const start = (provider: string) => {
    setPending(provider);
    setError(null);
    link(provider, { returnTo: `${urls.accountSettings}#connected-accounts` }).catch((failure: unknown) => {
      setPending(null);
      setError(failure);
    });
  };
  return (
    <Stack gap="xs">
      <Text fw={500}>{first ? <Trans>Link an account</Trans> : <Trans>Link another account</Trans>}</Text>
      <Group gap="xs">
        {providers.map(({ id }) => {
          const provider = providerName(id);
          return (
            <Button key={id} variant="default" loading={pending === id} disabled={pending !== null && pending !== id} onClick={() => start(id)}>
              {t`Link ${provider}`}
            </Button>
          );
        })}
      </Group>
      <ErrorAlert message={error ? errorMessage(error) : null} />
    </Stack>
  );
}
