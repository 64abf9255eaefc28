import { useUpdateUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, Code, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { QRCodeSVG } from "qrcode.react";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { groupedSecret, isCurrentCode, newTotpSecret, toBase64 } from "./totp-secret";

/**
 * Turning two-factor authentication on: a new key as a QR code and as text, and the app's
 * current code, checked here before the key is saved.
 */
export function TotpEnrolment({ issuer, account, onDone }: { issuer: string; account: string; onDone: () => void }) {
  const { t } = useLingui();
  const [secret] = useState(() => newTotpSecret(issuer, account));
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const update = useUpdateUser();

  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) return setProblem(t`Enter the 6-digit code your authenticator app shows.`);
    setChecking(true);
    const matches = await isCurrentCode(secret.bytes, typed).finally(() => setChecking(false));
    if (!matches)
      return setProblem(t`That is not the code your app shows now. Check that you added the key above, and that your phone's clock is right.`);
    setProblem(null);
    update.mutate(
      { data: { totp_secret_base64: toBase64(secret.bytes) } },
      {
        onSuccess: () => {
          notifications.show({ message: t`Two-factor authentication is on.`, color: "green" });
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void turnOn(event)}>
      <Stack gap="md" maw={480}>
        <Text size="sm">
          <Trans>1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, …), or enter the key below by hand.</Trans>
        </Text>
        <Box p="xs" bg="white" w="fit-content" style={{ borderRadius: "var(--mantine-radius-sm)", border: "1px solid var(--mantine-color-gray-3)" }}>
          <QRCodeSVG value={secret.uri} size={192} level="M" marginSize={2} title={t`QR code for ${issuer}: ${account}`} data-testid="totp-qr-code" />
        </Box>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="totp-key-label">
            <Trans>Key</Trans>
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code aria-labelledby="totp-key-label" data-testid="totp-secret" style={{ fontSize: "var(--mantine-font-size-sm)", wordBreak: "break-all" }}>
              {groupedSecret(secret.base32)}
            </Code>
            <CopyButton value={secret.base32}>
              {({ copied, copy }) => (
                <Button variant="subtle" size="compact-sm" onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <TextInput
          label={t`2. Enter the 6-digit code the app shows`}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          maw={320}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={problem}
        />
        <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
        <Group>
          <Button type="submit" loading={checking || update.isPending}>
            <Trans>Turn on</Trans>
          </Button>
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
