import { Trans, useLingui } from "@lingui/react/macro";
import { isMfaRequired, useProject, useSignInWithPasskey } from "@gatehouse/clients/react";
import { Button, Divider, Stack } from "@mantine/core";
import { IconFingerprint } from "@tabler/icons-react";
import { ErrorAlert } from "../error-alert";
import { errorMessage } from "../../lib/error-message";

/**
 * "Sign in with a passkey", below the other methods, when the project enables passkeys. The
 * browser offers the passkeys it holds for this site, so no e-mail address is asked first; a
 * second factor, when the account has one, continues on the mfa page.
 */
export function PasskeySignIn({ divider }: { divider: boolean }) {
  const { t } = useLingui();
  const project = useProject();
  const signIn = useSignInWithPasskey();
  if (!project.config.passkey_enabled) return null;
  return (
    <Stack gap="xs">
      {divider ? <Divider label={t`or`} labelPosition="center" my="xs" /> : null}
      <Button variant="default" fullWidth leftSection={<IconFingerprint size={18} aria-hidden />} loading={signIn.isPending} onClick={() => signIn.mutate()}>
        <Trans>Sign in with a passkey</Trans>
      </Button>
      <ErrorAlert message={signIn.error && !isMfaRequired(signIn.error) ? errorMessage(signIn.error) : null} />
    </Stack>
  );
}
