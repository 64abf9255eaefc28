import { useGatehouse, useLinkedOAuthProviders, useLinkOAuthProvider, useProject, useUnlinkOAuthProvider, type LinkedOAuthProvider } from "@gatehouse/clients/react";
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
  return (
    <SettingsSection
      title="Connected accounts"
      description="Accounts at other services you sign in with. Link another one, or remove one you no longer use."
    >
      <ConnectedAccounts />
    </SettingsSection>
  );
}

function ConnectedAccounts() {
  const links = useLinkedOAuthProviders();
  const [removing, setRemoving] = useState<LinkedOAuthProvider | null>(null);
  const list = useRef<HTMLUListElement>(null);
  return (
    <Stack gap="md">
      {links.length === 0 ? (
        <EmptyState icon={<IconPlugConnected aria-hidden />} withIndicatorBackground title="No connected accounts" description="Link an account below to sign in with it." />
      ) : (
        <ul ref={list} tabIndex={-1} aria-label="Your connected accounts" style={{ listStyle: "none", padding: 0, margin: 0, outline: "none" }}>
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
              {link.email ?? "No e-mail shared"}
            </Text>
          </Stack>
        </Group>
        <Button variant="light" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

function UnlinkModal({ link, onClose, fallbackFocus }: { link: LinkedOAuthProvider | null; onClose: () => void; fallbackFocus: RefObject<HTMLElement | null> }) {
  const unlink = useUnlinkOAuthProvider();
  // The last account asked about stays in the text while the dialog fades out.
  const [shown, setShown] = useState(link);
  if (link !== null && link !== shown) setShown(link);
  const name = shown ? providerName(shown.provider_config_id) : "";
  const confirm = () => {
    if (!shown) return;
    unlink.mutate(
      { userId: "me", providerId: shown.id },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ message: `${name} is no longer connected.`, color: "green" });
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
      title={`Remove ${name}?`}
      confirmLabel="Remove"
      onConfirm={confirm}
      pending={unlink.isPending}
      error={unlink.error ? errorMessage(unlink.error) : null}
      fallbackFocus={fallbackFocus}
    >
      <Text>
        You will no longer sign in with this {name} account{shown?.email ? ` (${shown.email})` : ""}. Make sure you have another way to sign in.
      </Text>
    </ConfirmModal>
  );
}

/** A button per provider the project offers, to link another account. */
function LinkAnother({ first }: { first: boolean }) {
  const project = useProject();
  const { urls } = useGatehouse();
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
      <Text fw={500}>{first ? "Link an account" : "Link another account"}</Text>
      <Group gap="xs">
        {providers.map(({ id }) => (
          <Button key={id} variant="default" loading={pending === id} disabled={pending !== null && pending !== id} onClick={() => start(id)}>
            Link {providerName(id)}
          </Button>
        ))}
      </Group>
      <ErrorAlert message={error ? errorMessage(error) : null} />
    </Stack>
  );
}
