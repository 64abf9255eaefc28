import { isKnownError, forgetMfaAttemptCode, useGatehouse, useSignInWithMfa, type KnownErrorCode } from "@gatehouse/clients/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../error-alert";
import { PageCard } from "../page-card";
import { errorMessage } from "../../lib/error-message";

export const SECOND_FACTOR_TITLE = msg`Two-factor authentication`;

/** Answers after which this attempt cannot finish any more: the person has to sign in again. */
const ATTEMPT_OVER: { readonly [C in KnownErrorCode]?: MessageDescriptor } = {
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: msg`Too many wrong codes were entered. Please sign in again.`,
  VERIFICATION_CODE_EXPIRED: msg`This sign-in took too long and has expired. Please sign in again.`,
  VERIFICATION_CODE_ALREADY_USED: msg`This sign-in has already been finished. Please sign in again.`,
  VERIFICATION_CODE_NOT_FOUND: msg`This sign-in can no longer be finished. Please sign in again.`,
};

const WRONG_CODE = msg`That code is not right. Enter the code your authenticator app shows now; it changes every 30 seconds.`;

const SIX_DIGITS = /^\d{6}$/;

/**
 * The second step of signing in for a user with two-factor sign-in on: a first factor left
 * `attemptCode` (see readMfaAttemptCode); this asks for the authenticator's six-digit code and
 * finishes the sign-in. A wrong code may be tried again; once the attempt is over (too many
 * wrong codes, expired) the only way on is `signInAgain`, the sign-in page's address.
 */
export function SecondFactorStep({ attemptCode, signInAgain }: { attemptCode: string; signInAgain: string }) {
  const { t, i18n } = useLingui();
  const title = t(SECOND_FACTOR_TITLE);
  const { session } = useGatehouse();
  const signIn = useSignInWithMfa();
  const [totp, setTotp] = useState("");
  const [formatError, setFormatError] = useState<string | null>(null);

  const submit = (value: string) => {
    // A malformed code would only spend one of the attempt's few tries.
    const code = value.replace(/\s+/g, "");
    if (!SIX_DIGITS.test(code)) return setFormatError(t`Enter the 6-digit code from your authenticator app.`);
    setFormatError(null);
    signIn.mutate(
      { data: { type: "totp", totp: code, code: attemptCode } },
      {
        onError: (error) => {
          setTotp("");
          if (attemptIsOver(error)) forgetMfaAttemptCode(session.projectId);
        },
      },
    );
  };

  if (signIn.error && attemptIsOver(signIn.error)) {
    return (
      <PageCard title={title}>
        <ErrorAlert message={attemptOverMessage(signIn.error, (message) => i18n._(message))} />
        <Group>
          <Button component={Link} to={signInAgain}>
            <Trans>Sign in again</Trans>
          </Button>
        </Group>
      </PageCard>
    );
  }

  const error = formatError ?? (signIn.error ? totpErrorMessage(signIn.error, (message) => i18n._(message)) : null);
  return (
    <PageCard title={title} description={t`Open your authenticator app and enter the 6-digit code it shows for this account.`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(totp);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t`Authentication code`}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={7}
            size="lg"
            styles={{ input: { letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" } }}
            value={totp}
            onChange={(event) => {
              setTotp(event.currentTarget.value);
              // A message about the previous code would read as if it were about this one.
              setFormatError(null);
              if (signIn.isError) signIn.reset();
            }}
            error={error ? true : undefined}
          />
          <ErrorAlert message={error} />
          <Button type="submit" fullWidth loading={signIn.isPending || signIn.isSuccess}>
            <Trans>Verify</Trans>
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Trans>
          Not you?{" "}
          <Anchor component={Link} to={signInAgain}>
            Sign in with another account
          </Anchor>
        </Trans>
      </Text>
    </PageCard>
  );
}

function attemptIsOver(error: unknown): boolean {
  return isKnownError(error) && ATTEMPT_OVER[error.code] !== undefined;
}

function attemptOverMessage(error: unknown, translate: (descriptor: MessageDescriptor) => string): string | null {
  const message = isKnownError(error) ? ATTEMPT_OVER[error.code] : undefined;
  return message ? translate(message) : null;
}

function totpErrorMessage(error: unknown, translate: (descriptor: MessageDescriptor) => string): string {
  if (isKnownError(error, "INVALID_TOTP_CODE")) return translate(WRONG_CODE);
  return errorMessage(error);
}
