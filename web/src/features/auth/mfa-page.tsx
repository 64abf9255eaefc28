import { keepReturnTarget, readMfaAttemptCode, useGatehouse, useUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { Boundary } from "../../components/boundary";
import { LoadingCard, PageCard } from "../../components/page-card";
import { SECOND_FACTOR_TITLE, SecondFactorStep } from "../../components/sign-in/second-factor-step";

/**
 * The second step of signing in for a user with two-factor sign-in on. A first factor (the
 * sign-in page, the magic-link and OAuth callbacks) left the attempt code in session storage;
 * this page asks for the authenticator's six-digit code and finishes the sign-in. A wrong code
 * may be tried again; once the attempt is over (too many wrong codes, expired) the only way
 * on is to sign in again.
 */
export function MfaPage() {
  const { t } = useLingui();
  const title = t(SECOND_FACTOR_TITLE);
  const { session, urls } = useGatehouse();
  const user = useUser();
  const [attemptCode] = useState(() => readMfaAttemptCode(session.projectId));
  const signInAgain = keepReturnTarget(urls.signIn);

  if (!attemptCode && user) {
    return (
      <PageCard title={title}>
        <Text>
          <Trans>You are signed in: no code is needed. Two-factor sign-in is turned on and off in your account settings.</Trans>
        </Text>
        <Group>
          <Button component={Link} to={urls.accountSettings}>
            <Trans>Account settings</Trans>
          </Button>
        </Group>
      </PageCard>
    );
  }
  if (!attemptCode) {
    return (
      <PageCard title={title}>
        <Text>
          <Trans>No sign-in is waiting for a code in this tab. Sign in first; you will be asked for the code afterwards.</Trans>
        </Text>
        <Group>
          <Button component={Link} to={signInAgain}>
            <Trans>Sign in</Trans>
          </Button>
        </Group>
      </PageCard>
    );
  }
  return (
    <Boundary loading={<LoadingCard title={title} />}>
      <SecondFactorStep attemptCode={attemptCode} signInAgain={signInAgain} />
    </Boundary>
  );
}

