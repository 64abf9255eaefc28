import type { api } from "@gatehouse/clients/react";
import { Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "../../../../components/page-card";
import { useProjectId } from "../../shell/project-context";
import { Administrators } from "./administrators";
import { DangerZone } from "./danger-zone";
import { DomainsGroup } from "./domains-group";
import { EmailServerGroup } from "./email-server-group";
import { OAuthProvidersGroup } from "./oauth-providers-group";
import { ProjectGroup } from "./project-group";
import { RateLimitsGroup } from "./rate-limits-group";
import { SettingsNavList, SettingsNavPicker, useScrollToSectionInAddress } from "./settings-nav";
import { SignInGroup } from "./sign-in-group";
import { API_KEY_SETTINGS, SwitchesGroup, TEAM_SETTINGS, USER_SETTINGS } from "./switches-group";
import { useAdminProject } from "../../shell/use-admin-project";

/** Every setting of the project's configuration, in groups that are each saved on their own. */
export function SettingsPage() {
  useDocumentTitle("Settings");
  const project = useAdminProject(useProjectId());
  return (
    // Keyed by project: another project's settings start from its own values, not this form's.
    <Group align="flex-start" wrap="nowrap" gap="xl" key={project.id}>
      <SettingsSections project={project} />
      <SettingsNavList />
    </Group>
  );
}

function SettingsSections({ project }: { project: api.AdminProject }) {
  useScrollToSectionInAddress();
  return (
    <Stack gap="lg" maw={860} miw={0} style={{ flex: 1 }}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Settings
        </Title>
        <Text c="dimmed">Each group is saved on its own, with its Save button.</Text>
      </Stack>
      <SettingsNavPicker />
      <ProjectGroup project={project} />
      <SignInGroup project={project} />
      <DomainsGroup project={project} />
      <OAuthProvidersGroup project={project} />
      <SwitchesGroup project={project} title="Teams" description="What users may do with teams themselves." settings={TEAM_SETTINGS} />
      <SwitchesGroup project={project} title="Users" description="What users may do with their own account." settings={USER_SETTINGS} />
      <SwitchesGroup project={project} title="API keys" description="Keys that users and teams create to call your app's backend as themselves." settings={API_KEY_SETTINGS} />
      <EmailServerGroup project={project} />
      <RateLimitsGroup project={project} />
      <Administrators project={project} />
      <DangerZone project={project} />
    </Stack>
  );
}
