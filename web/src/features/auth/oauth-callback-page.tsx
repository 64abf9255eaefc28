import { finishOAuth, isTrustedRedirect, useFinishSignIn, useGatehouse, useMfaHandOff, useProject, isMfaRequired } from "@gatehouse/clients/react";
import { Button, Group, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Boundary } from "../../components/boundary";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";

/** SPEC §8's message for a callback that fails. */
const CALLBACK_FAILED = msg`Error signing in during OAuth callback. Please try again.`;

type Outcome = { kind: "working" } | { kind: "failed"; message: string } | { kind: "not-a-callback" };

export function OAuthCallbackPage() {
  const { t } = useLingui();
  return (
    <Boundary loading={<LoadingCard title={t`Signing you in`} />}>
      <OAuthCallback />
    </Boundary>
  );
}

/**
 * Where a provider's sign-in comes back (`?code&state`): trades the code for the session with
 * the verifier this browser kept, once, and the address bar forgets the code at once.
 */
function OAuthCallback() {
  const { t, i18n } = useLingui();
  const { session, urls, navigate } = useGatehouse();
  const project = useProject();
  const finishSignIn = useFinishSignIn({ redirect: false });
  const handOffToMfa = useMfaHandOff();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const search = window.location.search;
    window.history.replaceState(window.history.state, "", window.location.pathname);
    const redirectUrl = new URL(urls.oauthCallback, window.location.origin).href;
    finishOAuth(session, search, redirectUrl)
      .then((result) => {
        if (result.kind === "provider-error" && result.errorCode) {
          // The server's own refusal (sign-up off, an address taken...): the error page explains it.
          const query = new URLSearchParams({ errorCode: result.errorCode, message: result.message ?? result.description ?? "", details: result.details ?? "{}" });
          return navigate(`${urls.error}?${query}`, { replace: true });
        }
        if (result.kind === "provider-error") return setOutcome({ kind: "failed", message: result.description ?? i18n._(CALLBACK_FAILED) });
        if (result.kind !== "signed-in") return setOutcome({ kind: "not-a-callback" });
        finishSignIn(result.tokens);
        const requested = result.tokens.after_callback_redirect_url;
        const fallback = result.tokens.is_new_user ? urls.afterSignUp : urls.afterSignIn;
        const trusted = requested && isTrustedRedirect(requested, project.config, window.location.origin);
        navigate(trusted ? requested : fallback, { replace: true });
      })
      .catch((error: unknown) => {
        if (isMfaRequired(error)) return handOffToMfa(error);
        setOutcome({ kind: "failed", message: `${i18n._(CALLBACK_FAILED)} (${errorMessage(error)})` });
      });
  }, [session, urls, navigate, project.config, finishSignIn, handOffToMfa, i18n]);

  if (outcome.kind === "working") {
    return (
      <LoadingCard title={t`Signing you in`}>
        <Trans>Finishing the sign-in with your provider…</Trans>
      </LoadingCard>
    );
  }
  return (
    <PageCard title={outcome.kind === "failed" ? t`The sign-in did not work` : t`Nothing to finish here`} announce>
      {outcome.kind === "failed" ? (
        <ErrorAlert message={outcome.message} />
      ) : (
        <Text>
          <Trans>This page finishes a sign-in with a provider, and no sign-in from this browser is waiting. It may have finished already.</Trans>
        </Text>
      )}
      <Group>
        <Button component={Link} to={urls.signIn}>
          <Trans>Sign in again</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}
