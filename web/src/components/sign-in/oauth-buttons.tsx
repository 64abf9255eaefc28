import { ph } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { readReturnTarget, useProject, useSignInWithOAuth } from "@gatehouse/clients/react";
import { Button, Divider, Stack } from "@mantine/core";
import { useState } from "react";
import { useLocation } from "react-router";
import { ErrorAlert } from "../error-alert";
import { errorMessage } from "../../lib/error-message";
import { ProviderIcon } from "../../lib/provider-icons";
import { providerName } from "../../lib/provider-names";

/** One button per OAuth provider the project has switched on, above the other methods. */
export function OAuthButtons() {
  const { t } = useLingui();
  const project = useProject();
  const signInWith = useSignInWithOAuth();
  const { search } = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const providers = project.config.enabled_oauth_providers;
  if (providers.length === 0) return null;

  const target = readReturnTarget(search, project.config, window.location.origin);
  const start = (provider: string) => {
    setPending(provider);
    setError(null);
    signInWith(provider, { afterCallbackRedirectUrl: target.kind === "trusted" ? target.url : undefined }).catch((failure: unknown) => {
      setPending(null);
      setError(failure);
    });
  };
  const otherMethods = project.config.credential_enabled || project.config.magic_link_enabled;
  return (
    <Stack gap="xs">
      {providers.map(({ id }) => (
        <Button key={id} variant="default" fullWidth leftSection={<ProviderIcon id={id} />} loading={pending === id} disabled={pending !== null && pending !== id} onClick={() => start(id)}>
          {t`Continue with ${ph({ provider: providerName(id) })}`}
        </Button>
      ))}
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {otherMethods ? <Divider label={t`or`} labelPosition="center" my="xs" /> : null}
    </Stack>
  );
}
