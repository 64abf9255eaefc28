import { Trans, useLingui } from "@lingui/react/macro";
import { useGatehouse, useProject, useUser } from "@gatehouse/clients/react";
import { Avatar, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { SignOutButton } from "../../components/sign-out-button";
import { Boundary } from "../../components/boundary";
import { LoadingCard, PageCard } from "../../components/page-card";

export function HomePage() {
  const { t } = useLingui();
  return (
    <Boundary loading={<LoadingCard title={t`Welcome`} />}>
      <Home />
    </Boundary>
  );
}

function Home() {
  const { t } = useLingui();
  const user = useUser();
  const project = useProject();
  const { urls } = useGatehouse();

  if (!user) {
    const projectName = project.display_name;
    return (
      <PageCard title={t`Welcome to ${projectName}`} description={t`You are not signed in.`}>
        <Group>
          <Button component={Link} to={urls.signIn}>
            <Trans>Sign in</Trans>
          </Button>
          {project.config.sign_up_enabled ? (
            <Button component={Link} to={urls.signUp} variant="default">
              <Trans>Create an account</Trans>
            </Button>
          ) : null}
        </Group>
      </PageCard>
    );
  }

  const name = user.display_name ?? user.primary_email ?? t`Signed in`;
  return (
    <PageCard title={t`Signed in`}>
      <Group wrap="nowrap" data-testid="current-user">
        <Avatar src={user.profile_image_url} alt="" name={name} color="initials" size="lg" radius="xl" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.display_name ?? <Trans>No display name yet</Trans>}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed" className="break-anywhere">
              {user.primary_email ?? <Trans>No e-mail</Trans>}
            </Text>
            {user.primary_email ? (
              <Badge color={user.primary_email_verified ? "green" : "gray"} variant="light" data-testid="email-status">
                {user.primary_email_verified ? <Trans>Verified</Trans> : <Trans>Not verified yet</Trans>}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
      <Group>
        <Button component={Link} to={urls.accountSettings}>
          <Trans>Account settings</Trans>
        </Button>
        <Button component={Link} to="/dashboard" variant="light">
          <Trans>Dashboard</Trans>
        </Button>
        <SignOutButton />
      </Group>
    </PageCard>
  );
}
