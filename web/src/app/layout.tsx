import { useProject } from "@gatehouse/clients/react";
import { Anchor, AppShell, Group, Text } from "@mantine/core";
import { Suspense } from "react";
import { Link, Outlet } from "react-router";
import { Boundary } from "../components/boundary";
import { ColorSchemeToggle } from "../components/color-scheme-toggle";
import { AccountMenu } from "../components/account-menu";
import { LanguagePicker } from "../components/language-picker";

export function Layout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit">
            <Group gap="xs" wrap="nowrap">
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <Suspense fallback={<Text fw={700}>Gatehouse</Text>}>
                <ProjectName />
              </Suspense>
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <Boundary loading={null} failed={() => null}>
              <AccountMenu />
            </Boundary>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
        <Group component="footer" justify="center" mt="xl" pb="md">
          <LanguagePicker />
        </Group>
      </AppShell.Main>
    </AppShell>
  );
}

function ProjectName() {
  const project = useProject();
  return (
    <Text fw={700} truncate maw={{ base: 160, sm: 360 }} data-testid="project-name">
      {project.display_name}
    </Text>
  );
}
