import { useGatehouse, useProject, useUser } from "@gatehouse/clients/react";
import { Avatar, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { SignOutButton } from "../../components/sign-out-button";
import { Boundary } from "../../components/boundary";
import { LoadingCard, PageCard } from "../../components/page-card";

export function HomePage() {
  return (
    <Boundary loading={<LoadingCard title="Welcome" />}>
      <Home />
    </Boundary>
  );
}

function Home() {
  const user = useUser();
  const project = useProject();
  const { urls } = useGatehouse();

  if (!user) {
    return (
      <PageCard title={`Welcome to ${project.display_name}`} description="You are not signed in.">
        <Group>
          <Button component={Link} to={urls.signIn}>
            Sign in
          </Button>
          {project.config.sign_up_enabled ? (
            <Button component={Link} to={urls.signUp} variant="default">
              Create an account
            </Button>
          ) : null}
        </Group>
      </PageCard>
    );
  }

  const name = user.display_name ?? user.primary_email ?? "Signed in";
  return (
    <PageCard title="Signed in">
      <Group wrap="nowrap" data-testid="current-user">
        <Avatar src={user.profile_image_url} alt="" name={name} color="initials" size="lg" radius="xl" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.display_name ?? "No display name yet"}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed" className="break-anywhere">
              {user.primary_email ?? "No e-mail"}
            </Text>
            {user.primary_email ? (
              <Badge color={user.primary_email_verified ? "green" : "gray"} variant="light" data-testid="email-status">
                {user.primary_email_verified ? "Verified" : "Not verified yet"}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
      <Group>
        <Button component={Link} to={urls.accountSettings}>
          Account settings
        </Button>
        <Button component={Link} to="/dashboard" variant="light">
          Dashboard
        </Button>
        <SignOutButton />
      </Group>
    </PageCard>
  );
}
