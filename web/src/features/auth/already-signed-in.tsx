import { Trans, useLingui } from "@lingui/react/macro";
import { useGatehouse, type CurrentUser } from "@gatehouse/clients/react";
import { Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { SignOutButton } from "../../components/sign-out-button";
import { PageCard } from "../../components/page-card";

/** A sign-in or sign-up page opened while signed in: carry on, or sign out to use another account. */
export function AlreadySignedIn({ title, user }: { title: string; user: CurrentUser }) {
  const { urls } = useGatehouse();
  const { t } = useLingui();
  const account = user.primary_email ?? user.display_name ?? t`an account without an e-mail`;
  return (
    <PageCard title={title}>
      <Text>
        <Trans>
          You are signed in as <strong>{account}</strong>.
        </Trans>
      </Text>
      <Group>
        <Button component={Link} to={urls.afterSignIn}>
          <Trans>Continue</Trans>
        </Button>
        <SignOutButton />
      </Group>
    </PageCard>
  );
}
