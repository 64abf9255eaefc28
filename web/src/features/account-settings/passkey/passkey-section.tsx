import { useContactChannels, useRegisterPasskey, useUpdateUser, useUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFingerprint, IconInfoCircle } from "@tabler/icons-react";
import { ConfirmAction } from "../../../components/confirm-action";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { SettingsSection } from "../../../components/settings-section";

export function PasskeySection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Passkey`} description={t`Sign in with your device's screen lock or a security key instead of a password.`}>
      <Passkey />
    </SettingsSection>
  );
}

/**
 * As Stack Auth's account settings: one passkey per account. Adding one needs a verified
 * sign-in e-mail (the way back in if the device is lost); turning passkey sign-in off removes
 * the passkey, unless it is the only way left to sign in.
 */
function Passkey() {
  const { t } = useLingui();
  const user = useUser({ or: "redirect" });
  const channels = useContactChannels();
  const register = useRegisterPasskey();
  const update = useUpdateUser();
  const hasPasskey = user.passkey_auth_enabled;
  const hasVerifiedSignInEmail = channels.some((channel) => channel.is_verified && channel.used_for_auth);
  const onlyWayIn = hasPasskey && !user.has_password && !user.otp_auth_enabled && user.oauth_providers.length === 0;

  const add = () =>
    register.mutate(undefined, { onSuccess: () => notifications.show({ message: t`Passkey added. You can now sign in with it.`, color: "green" }) });

  return (
    <Stack gap="md">
      <Group gap="sm">
        <IconFingerprint size={22} aria-hidden />
        <Text fw={500}>
          <Trans>Passkey sign-in</Trans>
        </Text>
        <Badge variant="light" color={hasPasskey ? "green" : "gray"}>
          {hasPasskey ? <Trans>On</Trans> : <Trans>Off</Trans>}
        </Badge>
      </Group>
      {!hasPasskey && !hasVerifiedSignInEmail ? (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
          <Trans>To add a passkey, first verify an e-mail address you sign in with (under E-mails).</Trans>
        </Alert>
      ) : null}
      {!hasPasskey && hasVerifiedSignInEmail ? (
        <>
          <Text size="sm" c="dimmed">
            <Trans>Your browser or password manager keeps the passkey; this app keeps only its public key.</Trans>
          </Text>
          <Group>
            <Button onClick={add} loading={register.isPending}>
              <Trans>Add a passkey</Trans>
            </Button>
          </Group>
        </>
      ) : null}
      {hasPasskey && onlyWayIn ? (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
          <Trans>Passkey sign-in cannot be turned off: it is the only way you sign in. Set a password first.</Trans>
        </Alert>
      ) : null}
      {hasPasskey && !onlyWayIn ? (
        <Group>
          <ConfirmAction
            title={t`Turn off passkey sign-in?`}
            confirmLabel={t`Turn off`}
            action={() => update.mutateAsync({ data: { passkey_auth_enabled: false } })}
            onDone={() => notifications.show({ message: t`Passkey sign-in is off; the passkey was removed.`, color: "green" })}
            trigger={(ask) => (
              <Button variant="default" color="red" onClick={ask}>
                <Trans>Turn off passkey sign-in</Trans>
              </Button>
            )}
          >
            {t`The passkey is removed from your account and will no longer sign you in. You can add a new one later.`}
          </ConfirmAction>
        </Group>
      ) : null}
      <ErrorAlert message={register.error ? errorMessage(register.error) : null} />
    </Stack>
  );
}
