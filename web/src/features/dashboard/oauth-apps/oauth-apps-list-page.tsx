import { oauthServerUrls, type api } from "@gatehouse/clients/react";
import { Alert, Box, Button, EmptyState, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconApps, IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { SettingsHeading } from "../../../components/settings-heading";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { useAdminProject } from "../shell/use-admin-project";
import { AppCards } from "./app-cards";
import { AppsTable } from "./apps-table";
import { CreateAppModal } from "./create-app-modal";
import { CreatedAppDialog } from "./created-app-dialog";
import { ResourcesSection } from "./resources-section";
import { ServerSettings } from "./server-settings";
import { useOAuthApps } from "./use-oauth-apps";
import { useOAuthServerSettings } from "./use-oauth-server";

/**
 * The project as an OAuth 2.1 authorization server and OpenID provider: whether it is one, the
 * APIs its tokens may be for, and the apps that sign users in with it.
 */
export function OAuthAppsListPage() {
  useDocumentTitle("OAuth apps");
  const projectId = useProjectId();
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          OAuth apps
        </Title>
        <Text c="dimmed">Apps, CLIs and AI agents that sign your users in with your project, and the APIs their tokens are for.</Text>
      </Stack>
      <Boundary>
        <OAuthApps projectId={projectId} />
      </Boundary>
    </Stack>
  );
}

function OAuthApps({ projectId }: { projectId: string }) {
  const project = useAdminProject(projectId);
  const settings = useOAuthServerSettings(projectId);
  const urls = oauthServerUrls(window.location.origin, projectId);
  return (
    <Stack gap="xl">
      <ServerSettings projectId={projectId} projectName={project.display_name} settings={settings} urls={urls} />
      <Boundary>
        <AppsSection projectId={projectId} serverOn={settings.enabled} issuer={urls.issuer} />
      </Boundary>
      <ResourcesSection projectId={projectId} resources={settings.resources} />
    </Stack>
  );
}

interface AppsSectionProps {
  projectId: string;
  serverOn: boolean;
  issuer: string;
}

function AppsSection({ projectId, serverOn, issuer }: AppsSectionProps) {
  const apps = useOAuthApps(projectId);
  const [creating, createDialog] = useDisclosure(false);
  // A new app's secret lives here only while its dialog is open.
  const [created, setCreated] = useState<api.OAuthAppWithSecret | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const appPath = useCallback((clientId: string) => `${dashboardPath(projectId, "oauth-apps")}/${encodeURIComponent(clientId)}`, [projectId]);
  return (
    <Stack gap="md" component="section" aria-label="Apps">
      <Group justify="space-between" align="flex-end">
        <SettingsHeading order={2} title="Apps" description="Each app has a client ID; a confidential one also has a secret. Self-registered apps show here too." />
        {apps.length > 0 ? (
          <Button ref={createButton} leftSection={<IconPlus size={16} aria-hidden />} onClick={createDialog.open}>
            Create app
          </Button>
        ) : null}
      </Group>
      {!serverOn && apps.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
          The OAuth server is off: these apps cannot sign anyone in until you turn it on above.
        </Alert>
      ) : null}
      {apps.length === 0 ? (
        <Paper withBorder p="md">
          <EmptyState
            icon={<IconApps aria-hidden />}
            withIndicatorBackground
            title="No OAuth apps yet"
            description="An OAuth app is another app (a website, a mobile app, a CLI or an AI agent) that signs your users in with your project and gets tokens to act for them, after they allow it. Create one for each app you trust."
          >
            <Button ref={createButton} leftSection={<IconPlus size={16} aria-hidden />} onClick={createDialog.open}>
              Create app
            </Button>
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder p={{ base: "xs", sm: "sm" }}>
          {/* The table on wider screens; cards on a phone, where six columns do not fit. */}
          <Box visibleFrom="sm">
            <AppsTable apps={apps} appPath={appPath} />
          </Box>
          <Box hiddenFrom="sm">
            <AppCards apps={apps} appPath={appPath} />
          </Box>
        </Paper>
      )}
      <CreateAppModal
        projectId={projectId}
        opened={creating}
        onClose={createDialog.close}
        onCreated={(app) => {
          createDialog.close();
          setCreated(app);
        }}
      />
      <CreatedAppDialog
        app={created}
        issuer={issuer}
        onClose={() => {
          setCreated(null);
          createButton.current?.focus();
        }}
      />
    </Stack>
  );
}
