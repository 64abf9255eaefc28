import { Trans, useLingui } from "@lingui/react/macro";
import { isMfaRequired, useSendSignInCode, useSignInWithCode } from "@gatehouse/clients/react";
import { Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ErrorAlert } from "../error-alert";
import { errorMessage } from "../../lib/error-message";
import { handlerUrl } from "../../lib/handler-paths";
import { emailProblem, focusFirstError } from "../../lib/validation";

const OTP_LENGTH = 6;

/**
 * Sign-in by e-mail: the server mails a 6-character code and a link. The code typed here is
 * sent with the nonce the request answered, which ties it to this tab; the link signs in on
 * the magic-link-callback page, or at `callbackUrl` when given. An address without an account
 * gets one, where sign-up is on.
 */
export function EmailCodeSignIn({ callbackUrl }: { callbackUrl?: string }) {
  const { t } = useLingui();
  const send = useSendSignInCode();
  const form = useForm({ initialValues: { email: "" }, validate: { email: emailProblem } });

  if (send.isSuccess) {
    return <EnterCode email={send.variables.data.email} nonce={send.data.nonce} onRestart={() => send.reset()} />;
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        ({ email }) => send.mutate({ data: { email: email.trim(), callback_url: callbackUrl ?? handlerUrl("magicLinkCallback") } }),
        focusFirstError,
      )}
    >
      <Stack gap="sm">
        <TextInput label={t`E-mail`} name="email" type="email" autoComplete="email" {...form.getInputProps("email")} />
        <ErrorAlert message={send.error ? errorMessage(send.error) : null} />
        <Button type="submit" fullWidth loading={send.isPending}>
          <Trans>Send me a code</Trans>
        </Button>
      </Stack>
    </form>
  );
}

function EnterCode({ email, nonce, onRestart }: { email: string; nonce: string; onRestart: () => void }) {
  const { t } = useLingui();
  const signIn = useSignInWithCode();
  const [otp, setOtp] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (value: string) => {
    const length = OTP_LENGTH;
    if (value.length !== length) return setProblem(t`Enter all ${length} characters of the code.`);
    setProblem(null);
    signIn.mutate({ data: { code: `${value.toUpperCase()}${nonce}` } }, { onError: () => setOtp("") });
  };
  const error = problem ?? (signIn.error && !isMfaRequired(signIn.error) ? errorMessage(signIn.error) : null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(otp);
      }}
    >
      <Stack gap="sm">
        <Text role="status">
          <Trans>
            We sent a code to <strong className="break-anywhere">{email}</strong>. Enter it here, or open the link in the e-mail.
          </Trans>
        </Text>
        <TextInput
          label={t`Sign-in code`}
          name="otp"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          maxLength={OTP_LENGTH}
          size="lg"
          styles={{ input: { letterSpacing: "0.3em", textTransform: "uppercase" } }}
          value={otp}
          onChange={(event) => {
            setOtp(event.currentTarget.value.trim());
            setProblem(null);
          }}
          error={error ? true : undefined}
        />
        <ErrorAlert message={error} />
        <Button type="submit" fullWidth loading={signIn.isPending || signIn.isSuccess}>
          <Trans>Sign in</Trans>
        </Button>
        <Button variant="subtle" onClick={onRestart}>
          <Trans>Use another address</Trans>
        </Button>
      </Stack>
    </form>
  );
}
