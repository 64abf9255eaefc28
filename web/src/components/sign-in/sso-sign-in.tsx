import { Trans, useLingui } from "@lingui/react/macro";
import { readReturnTarget, useProject, useSignInWithSso, useSsoOffered } from "@gatehouse/clients/react";
import { Button, Divider, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconBuilding } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ErrorAlert } from "../error-alert";
import { errorMessage } from "../../lib/error-message";
import { UUID } from "../../lib/uuid";
import { emailProblem, focusFirstError } from "../../lib/validation";

/**
 * Single sign-on through the person's organisation, e-mail first: the address's domain names
 * the organisation's identity provider, which the browser is sent to; it comes back to the
 * OAuth callback page signed in. Shown when a team of the project has an SSO connection. A
 * sign-in the identity provider started arrives here with `?sso_connection=<id>` and goes
 * straight back to that connection.
 */
export function SsoSignIn() {
  const { t } = useLingui();
  const project = useProject();
  const offered = useSsoOffered();
  const signIn = useSignInWithSso();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm({ initialValues: { email: "" }, validate: { email: emailProblem } });
  const target = readReturnTarget(search, project.config, window.location.origin);
  const afterCallbackRedirectUrl = target.kind === "trusted" ? target.url : undefined;
  const started = useRef(false);
  const connectionId = new URLSearchParams(search).get("sso_connection");

  const start = (what: { email: string } | { connectionId: string }) => {
    setPending(true);
    setError(null);
    signIn(what, { afterCallbackRedirectUrl }).catch((failure: unknown) => {
      setPending(false);
      setError(failure);
    });
  };

  // Once, on arrival with a connection the identity provider named.
  useEffect(() => {
    if (!connectionId || !UUID.test(connectionId) || started.current) return;
    started.current = true;
    start({ connectionId });
  });

  // Hidden where the project offers no SSO, unless a sign-in the identity provider started failed here: that is said.
  if (!offered && !error) return null;
  // The password and e-mail code forms follow: "or" between, as after the provider buttons (which, when there are any, come next and end with theirs).
  const divider =
    (project.config.credential_enabled || project.config.magic_link_enabled) && project.config.enabled_oauth_providers.length === 0 ? (
      <Divider label={t`or`} labelPosition="center" my="xs" />
    ) : null;
  if (!open) {
    return (
      <Stack gap="xs">
        <Button variant="default" fullWidth leftSection={<IconBuilding size={18} aria-hidden />} loading={pending} onClick={() => setOpen(true)}>
          <Trans>Continue with SSO</Trans>
        </Button>
        <ErrorAlert message={error ? errorMessage(error) : null} />
        {divider}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <form aria-label={t`Continue with SSO`} noValidate onSubmit={form.onSubmit(({ email }) => start({ email: email.trim() }), focusFirstError)}>
        <Stack gap="sm">
          {/* "Work e-mail": the sign-in form below asks for an e-mail address too. */}
          <TextInput label={t`Work e-mail`} name="sso-email" type="email" autoComplete="email" autoFocus {...form.getInputProps("email")} />
          <ErrorAlert message={error ? errorMessage(error) : null} />
          <Group grow>
            <Button variant="default" onClick={() => setOpen(false)} disabled={pending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={pending}>
              <Trans>Continue</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
      {divider}
    </Stack>
  );
}
