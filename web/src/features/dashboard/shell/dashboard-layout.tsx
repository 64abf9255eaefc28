import { useUser } from "@gatehouse/clients/react";
import { Anchor, AppShell, Burger, Group, NavLink, ScrollArea, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, Outlet, useLocation, useParams } from "react-router";
import { AccountMenu } from "../../../components/account-menu";
import { Boundary } from "../../../components/boundary";
import { ColorSchemeToggle } from "../../../components/color-scheme-toggle";
import { LoadingCard } from "../../../components/page-card";
import { useLocale } from "../../../lib/locale";
import { DASHBOARD_SECTIONS } from "./dashboard-sections";
import { dashboardPath } from "./project-context";
import { ProjectPageError } from "./project-page-error";
import { useAdminProjectCheck } from "./use-admin-project";
import { ProjectSwitcher } from "./project-switcher";

/**
 * The dashboard's frame: the project switcher and the project's pages on the left (a drawer
 * at phone width), the page on the right. Only signed-in users of the `internal` project get
 * here; each project page then needs the user to own the project (the server checks).
 */
export function DashboardLayout() {
  useLocale("en");
  const [opened, { toggle, close }] = useDisclosure(false);
  const { projectId } = useParams();
  return (
    <Boundary loading={<LoadingCard title="Dashboard" />}>
      <RequireUser />
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open the navigation" />
              <Anchor component={Link} to="/dashboard" underline="never" c="inherit">
                <Group gap="xs" wrap="nowrap">
                  <img src="/favicon.svg" alt="" width={26} height={26} />
                  <Text fw={700}>Dashboard</Text>
                </Group>
              </Anchor>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <ColorSchemeToggle />
              {/* Each part that reads the server waits in its own boundary: under one, React 19 renders
                  nothing after the first part that waits, so the page's own reads began only after the
                  account menu's and the navigation's had answered, one after the other. */}
              <Boundary loading={null} failed={() => null}>
                <AccountMenu />
              </Boundary>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" component="nav" aria-label="Dashboard">
          <Boundary>
            <ProjectNavigation onNavigate={close} />
          </Boundary>
        </AppShell.Navbar>
        <AppShell.Main>
          {/* Keyed by project: choosing another project starts afresh after a failure. */}
          <Boundary key={projectId ?? ""} failed={ProjectPageError}>
            {projectId ? <ProjectGate projectId={projectId} /> : <Outlet />}
          </Boundary>
        </AppShell.Main>
      </AppShell>
    </Boundary>
  );
}

/**
 * A project's pages, checked to be the user's: each page handles its own failures, so a project
 * that is not there is found here, once. The check runs beside the page, not before it.
 */
function ProjectGate({ projectId }: { projectId: string }) {
  useAdminProjectCheck(projectId);
  return <Outlet />;
}

function RequireUser() {
  useUser({ or: "redirect" });
  return null;
}

function ProjectNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { projectId } = useParams();
  const { pathname } = useLocation();
  if (!projectId) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        Choose a project, or create one.
      </Text>
    );
  }
  const base = dashboardPath(projectId);
  const current = pathname.slice(base.length + 1).split("/")[0] ?? "";
  return (
    <>
      <Boundary loading={null}>
        <ProjectSwitcher projectId={projectId} />
      </Boundary>
      <ScrollArea mt="sm" style={{ flex: 1 }}>
        {DASHBOARD_SECTIONS.map((section) => (
          <NavLink
            key={section.path}
            component={Link}
            to={dashboardPath(projectId, section.path)}
            label={section.label}
            leftSection={section.icon}
            active={section.path === current}
            aria-current={section.path === current ? "page" : undefined}
            onClick={onNavigate}
            style={{ borderRadius: "var(--mantine-radius-md)" }}
          />
        ))}
      </ScrollArea>
      <NavLink component={Link} to="/dashboard" label="All projects" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onNavigate} />
    </>
  );
}
