import { Trans, useLingui } from "@lingui/react/macro";
import { useGatehouse, useSignOut } from "@gatehouse/clients/react";
import { Button, Group, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LoadingCard, PageCard } from "../../components/page-card";

/** Signs out on arrival, then says so; the after-sign-out page is a link away. */
export function SignOutPage() {
  const { t } = useLingui();
  const { session, urls } = useGatehouse();
  const { signOut } = useSignOut();
  const started = useRef(false);
  const [done, setDone] = useState(!session.hasSession());

  useEffect(() => {
    if (started.current || !session.hasSession()) return;
    started.current = true;
    void signOut().finally(() => setDone(true));
  }, [session, signOut]);

  if (!done) {
    return (
      <LoadingCard title={t`Signing out`}>
        <Trans>Ending your session…</Trans>
      </LoadingCard>
    );
  }
  return (
    <PageCard title={t`You are signed out`} announce>
      <Text>
        <Trans>Your session on this device has ended.</Trans>
      </Text>
      <Group>
        <Button component={Link} to={urls.signIn}>
          <Trans>Sign in again</Trans>
        </Button>
        <Button component={Link} to={urls.afterSignOut} variant="default">
          <Trans>Continue</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}
