import type { api } from "@gatehouse/clients/react";
import { Text } from "@mantine/core";
import { SettingsSection } from "../../../components/settings-section";
import { OwnedApiKeyList } from "../../../components/owned-api-key-list";
import { useProjectId } from "../shell/project-context";
import { useAdminProject } from "../shell/use-admin-project";
import { useRevokeUserApiKey, useUserApiKeys } from "./use-user-api-keys";

export function UserApiKeysSection({ user }: { user: api.ServerUser }) {
  return (
    <SettingsSection title="API keys" description="Keys the user made to call your app's API as themselves.">
      <UserApiKeys userId={user.id} />
    </SettingsSection>
  );
}

function UserApiKeys({ userId }: { userId: string }) {
  const projectId = useProjectId();
  // With user API keys turned off the server refuses to list them (API_KEYS_NOT_ENABLED): say so instead of asking.
  if (!useAdminProject(projectId).config.allow_user_api_keys) {
    return (
      <Text size="sm" c="dimmed">
        User API keys are turned off for this project.
      </Text>
    );
  }
  return <UserApiKeyList projectId={projectId} userId={userId} />;
}

function UserApiKeyList({ projectId, userId }: { projectId: string; userId: string }) {
  const keys = useUserApiKeys(projectId, userId);
  const revoke = useRevokeUserApiKey(projectId, userId);
  return (
    <OwnedApiKeyList
      keys={keys}
      label="The user's API keys"
      emptyDescription="The user has not made any API keys."
      revoke={(key) => revoke.mutateAsync({ id: key.id, data: { revoked: true }, params: { user_id: key.user_id } })}
    />
  );
}
