import { useProject, useUpdateUser, useUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { ConfirmAction } from "../../../components/confirm-action";
import { SettingsSection } from "../../../components/settings-section";
import { TotpEnrolment } from "./totp-enrolment";

export function TwoFactorSection() {
  const { t } = useLingui();
  return (
    <SettingsSection
      title={t`Two-factor authentication`}
      description={t`After your password or e-mailed code, signing in also asks for a code from an authenticator app on your phone.`}
    >
      <TwoFactor />
    </SettingsSection>
  );
}

function TwoFactor() {
  const user = useUser({ or: "redirect" });
  const project = useProject();
  const { t } = useLingui();
  const [enrolling, setEnrolling] = useState(false);
  const update = useUpdateUser();

  if (user.requires_totp_mfa) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="green" variant="light">
            <Trans>On</Trans>
          </Badge>
          <Text size="sm">
            <Trans>Signing in asks for a code from your authenticator app.</Trans>
          </Text>
        </Group>
        <Group>
          <ConfirmAction
            trigger={(ask) => (
              <Button variant="default" color="red" onClick={ask}>
                <Trans>Turn off</Trans>
              </Button>
            )}
            title={t`Turn off two-factor authentication?`}
            confirmLabel={t`Turn off`}
            action={() => update.mutateAsync({ data: { totp_secret_base64: null } })}
            onDone={() => notifications.show({ message: t`Two-factor authentication is off.`, color: "green" })}
          >
            {t`Signing in will need only your password or an e-mailed code. The key in your authenticator app stops working; you can remove it there.`}
          </ConfirmAction>
        </Group>
      </Stack>
    );
  }
  if (enrolling) {
    return (
      <TotpEnrolment issuer={project.display_name} account={user.primary_email ?? user.display_name ?? user.id} onDone={() => setEnrolling(false)} />
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="gray" variant="light">
          <Trans>Off</Trans>
        </Badge>
        <Text size="sm">
          <Trans>Anyone with your password or access to your e-mail can sign in.</Trans>
        </Text>
      </Group>
      <Group>
        <Button onClick={() => setEnrolling(true)}>
          <Trans>Turn on</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
