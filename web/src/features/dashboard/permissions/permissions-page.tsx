import { Stack, Tabs, Text, Title } from "@mantine/core";
import { Route, Routes, useLocation, useNavigate } from "react-router";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { DashboardNotFound } from "../shell/dashboard-not-found";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { DefaultPermissionsForm } from "./default-permissions-form";
import { DefinitionsPanel } from "./definitions-panel";

/** Each tab is its own address under the section: `permissions`, `permissions/project`, `permissions/defaults`. */
const TABS = [
  { value: "team", path: "", label: "Team", title: "Team permissions" },
  { value: "project", path: "project", label: "Project", title: "Project permissions" },
  { value: "defaults", path: "defaults", label: "Defaults", title: "Default permissions" },
] as const;

/** The project's permission definitions, team and project, and who gets which without being granted it. */
export function PermissionsPage() {
  const projectId = useProjectId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = dashboardPath(projectId, "permissions");
  const current = TABS.find((tab) => tab.path !== "" && pathname.startsWith(`${base}/${tab.path}`)) ?? TABS[0];
  useDocumentTitle(current.title);
  const open = (path: string) => void navigate(path ? `${base}/${path}` : base);
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Permissions
        </Title>
        <Text c="dimmed" size="sm">
          What your app checks before letting someone act. Grant team permissions to a team&apos;s members on the Teams page.
        </Text>
      </Stack>
      <Tabs value={current.value} onChange={(value) => open(TABS.find((tab) => tab.value === value)?.path ?? "")} keepMounted={false}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Only the open tab's panel is mounted; the URL decides which it is. */}
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <Boundary>
              <Routes>
                <Route index element={<DefinitionsPanel key="team" scope="team" />} />
                <Route path="project" element={<DefinitionsPanel key="project" scope="project" />} />
                <Route path="defaults" element={<DefaultPermissionsForm />} />
                <Route path="*" element={<DashboardNotFound />} />
              </Routes>
            </Boundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
