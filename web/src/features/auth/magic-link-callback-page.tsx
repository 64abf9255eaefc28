import { Trans, useLingui } from "@lingui/react/macro";
import { isMfaRequired, useGatehouse, useSignInWithCode } from "@gatehouse/clients/react";
import { Button, Group } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Boundary } from "../../components/boundary";
import { IncompleteLink, LinkProblem } from "../../components/link-problem";
import { LoadingCard } from "../../components/page-card";
import { useLinkCode } from "../../lib/link-code";

const LINK = "sign-in" as const;

/** Where a mailed sign-in link leads (`?code=`): signs in with it at once. */
export function MagicLinkCallbackPage() {
  const { t } = useLingui();
  const code = useLinkCode();
  if (!code) {
    return (
      <IncompleteLink link={LINK}>
        <SignInAgain />
      </IncompleteLink>
    );
  }
  return (
    <Boundary loading={<LoadingCard title={t`Signing you in`} />}>
      <SignInWithLink code={code} />
    </Boundary>
  );
}

function SignInWithLink({ code }: { code: string }) {
  const { t } = useLingui();
  const signIn = useSignInWithCode();
  const { mutate } = signIn;
  const startedFor = useRef<string | null>(null);

  // The code is used up by signing in, so it is sent once, even when React runs effects twice.
  useEffect(() => {
    if (startedFor.current === code) return;
    startedFor.current = code;
    mutate({ data: { code } });
  }, [mutate, code]);

  // A refusal is shown, unless it asks for a second factor: the hand-off is then on its way to the mfa page.
  if (signIn.isError && !isMfaRequired(signIn.error)) {
    return (
      <LinkProblem link={LINK} error={signIn.error} onRetry={() => mutate({ data: { code } })}>
        <SignInAgain />
      </LinkProblem>
    );
  }
  return (
    <LoadingCard title={t`Signing you in`}>
      <Trans>Checking your sign-in link…</Trans>
    </LoadingCard>
  );
}

function SignInAgain() {
  const { urls } = useGatehouse();
  return (
    <Group>
      <Button component={Link} to={urls.signIn} variant="default">
        <Trans>Go to sign in</Trans>
      </Button>
    </Group>
  );
}
