import { Text } from "@mantine/core";
import { Boundary } from "../../../components/boundary";
import { SettingsSection } from "../../../components/settings-section";
import { OwnedApiKeyList } from "../../../components/owned-api-key-list";
import { useAdminProject } from "../shell/use-admin-project";
import { useRevokeTeamApiKey, useTeamApiKeys } from "./use-team-api-keys";

export function TeamApiKeysSection({ projectId, teamId }: { projectId: string; teamId: string }) {
  return (
    <SettingsSection title="API keys" description="Keys the team's members made to call your app's API on the team's behalf.">
      <Boundary>
        <TeamApiKeys projectId={projectId} teamId={teamId} />
      </Boundary>
    </SettingsSection>
  );
}

function TeamApiKeys({ projectId, teamId }: { projectId: string; teamId: string }) {
  // With team API keys turned off the server refuses to list them (API_KEYS_NOT_ENABLED): say so instead of asking.
  if (!useAdminProject(projectId).config.allow_team_api_keys) {
    return (
      <Text size="sm" c="dimmed">
        Team API keys are turned off for this project.
      </Text>
    );
  }
  return <TeamApiKeyList projectId={projectId} teamId={teamId} />;
}

function TeamApiKeyList({ projectId, teamId }: { projectId: string; teamId: string }) {
  const keys = useTeamApiKeys(projectId, teamId);
  const revoke = useRevokeTeamApiKey(projectId, teamId);
  return (
    <OwnedApiKeyList
      keys={keys}
      label="The team's API keys"
      emptyDescription="No member has made an API key for this team."
      revoke={(key) => revoke.mutateAsync({ id: key.id, data: { revoked: true }, params: { team_id: key.team_id } })}
    />
  );
}
