import {
  finishOAuth,
  isMfaRequired,
  isTrustedRedirect,
  readMfaAttemptCode,
  useFinishSignIn,
  useGatehouse,
  useMfaHandOff,
  useProject,
  useSignInWithCode,
  withReturnTo,
} from "@gatehouse/clients/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard } from "../../components/page-card";
import { SECOND_FACTOR_TITLE, SecondFactorStep } from "../../components/sign-in/second-factor-step";
import { SignInMethods } from "../../components/sign-in/sign-in-methods";
import { errorMessage } from "../../lib/error-message";
import { isSiteProject } from "../../lib/session";
import type { AskingApp, OnNotice, SignInNotice } from "./authorize-state";

const CALLBACK_FAILED = msg`Error signing in during OAuth callback. Please try again.`;

/**
 * Signing in to the project in the address, with the methods it has switched on. The app is
 * named once the request has been read, which needs a signed-in user; before that the page says
 * an app is asking, and the consent screen that follows names it and what it asks for.
 */
export function SignInStep({ app, notice }: { app: AskingApp | null; notice: SignInNotice | null }) {
  const { t } = useLingui();
  const project = useProject();
  const { urls } = useGatehouse();
  const projectName = project.display_name;
  const appName = app?.display_name;
  const siteProject = isSiteProject(project.id);
  // The e-mailed link comes back here when the project trusts this site's address (the server's
  // rule); otherwise the link is relative and only the code in the e-mail is of use here.
  const here = new URL(urls.signIn, window.location.origin).href;
  const magicLinkUrl = isTrustedRedirect(here, project.config) ? here : urls.signIn;
  return (
    <PageCard
      title={t`Sign in to ${projectName}`}
      description={
        appName
          ? t`${appName} wants to sign you in with ${projectName}.`
          : t`An app wants to sign you in with ${projectName}. Once you are signed in, you will see which app it is and what it asks for, and nothing is shared before you allow it.`
      }
    >
      <Notice notice={notice} />
      {/* This site's password reset and sign-up pages serve this site's own project only. */}
      <SignInMethods forgotPassword={siteProject} magicLinkUrl={magicLinkUrl} />
      {siteProject && project.config.sign_up_enabled ? (
        <Text size="sm" ta="center">
          <Trans>
            New here?{" "}
            <Anchor component={Link} to={withReturnTo(urls.signUp, urls.signIn)}>
              Create an account
            </Anchor>
          </Trans>
        </Text>
      ) : null}
    </PageCard>
  );
}

function Notice({ notice }: { notice: SignInNotice | null }) {
  const { t } = useLingui();
  if (!notice) return null;
  if (notice.kind === "failed") return <ErrorAlert message={notice.message} />;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status" title={t`Sign in again`}>
      {notice.kind === "fresh-sign-in" ? (
        <Trans>The app asks for a sign-in made just now before it lets you in.</Trans>
      ) : (
        <Trans>Your session has ended. Sign in again to answer the app.</Trans>
      )}
    </Alert>
  );
}

/** The second factor, when the first one asked for it (`?step=second-factor`). */
export function SecondFactor() {
  const { t } = useLingui();
  const { session, urls } = useGatehouse();
  const [attemptCode] = useState(() => readMfaAttemptCode(session.projectId));
  if (attemptCode) return <SecondFactorStep attemptCode={attemptCode} signInAgain={urls.signIn} />;
  return (
    <PageCard title={t(SECOND_FACTOR_TITLE)}>
      <Text>
        <Trans>No sign-in is waiting for a code in this tab. Sign in first; you will be asked for the code afterwards.</Trans>
      </Text>
      <Group>
        <Button component={Link} to={urls.signIn} replace>
          <Trans>Sign in</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}

/**
 * An e-mailed sign-in link opened here (`?code=`): signs in with it once, and the page goes on
 * without the code in its address; a second factor continues at `?step=second-factor`.
 */
export function LinkSignIn({ code, onNotice }: { code: string; onNotice: OnNotice }) {
  const { t } = useLingui();
  const { urls, navigate } = useGatehouse();
  const signIn = useSignInWithCode();
  const { mutate } = signIn;
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (startedFor.current === code) return;
    startedFor.current = code;
    onNotice(null);
    mutate(
      { data: { code } },
      {
        onError: (error) => {
          if (isMfaRequired(error)) return;
          onNotice({ kind: "failed", message: errorMessage(error) });
          navigate(urls.signIn, { replace: true });
        },
      },
    );
  }, [code, mutate, navigate, onNotice, urls.signIn]);

  return (
    <LoadingCard title={t`Signing you in`}>
      <Trans>Checking your sign-in link…</Trans>
    </LoadingCard>
  );
}

/**
 * Where a provider's sign-in comes back (`?code&state`, or the server's `?errorCode`): trades the
 * code for the project's session with the verifier this browser kept, once, then goes on here.
 */
export function ProviderCallback({ onNotice }: { onNotice: OnNotice }) {
  const { t, i18n } = useLingui();
  const { session, urls, navigate } = useGatehouse();
  const finishSignIn = useFinishSignIn({ redirect: false });
  const handOffToMfa = useMfaHandOff();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const search = window.location.search;
    const failed = (message: string) => {
      onNotice({ kind: "failed", message });
      navigate(urls.signIn, { replace: true });
    };
    const serverRefusal = new URLSearchParams(search).get("message");
    if (new URLSearchParams(search).has("errorCode")) return failed(serverRefusal || i18n._(CALLBACK_FAILED));
    finishOAuth(session, search, new URL(urls.oauthCallback, window.location.origin).href)
      .then((result) => {
        if (result.kind === "provider-error") return failed(result.message ?? result.description ?? i18n._(CALLBACK_FAILED));
        if (result.kind !== "signed-in") return failed(i18n._(CALLBACK_FAILED));
        onNotice(null);
        finishSignIn(result.tokens);
        navigate(urls.signIn, { replace: true });
      })
      .catch((error: unknown) => {
        if (isMfaRequired(error)) return handOffToMfa(error);
        failed(`${i18n._(CALLBACK_FAILED)} (${errorMessage(error)})`);
      });
  }, [session, urls, navigate, finishSignIn, handOffToMfa, onNotice, i18n]);

  return (
    <LoadingCard title={t`Signing you in`}>
      <Trans>Finishing the sign-in with your provider…</Trans>
    </LoadingCard>
  );
}
