import { Badge, Button, Card, EmptyState, Group, Modal, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus, IconUsersGroup } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { Boundary } from "../../../components/boundary";
import { ConfirmAction } from "../../../components/confirm-action";
import { CopyableValue } from "../../../components/copyable-value";
import { ErrorAlert } from "../../../components/error-alert";
import { useDocumentTitle } from "../../../components/page-card";
import { RelativeTime } from "../../../components/relative-time";
import { SettingsHeading } from "../../../components/settings-heading";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";
import { errorMessage } from "../../../lib/error-message";
import { useProjectId } from "../shell/project-context";
import { useProjectTeams } from "../shell/use-project-teams";
import {
  useCreateScimDirectory,
  useDeleteScimDirectory,
  useRevokeScimToken,
  useRotateScimToken,
  useScimDirectories,
  useScimGroups,
  useSetScimGroupPermissions,
  useTeamPermissionIds,
  type ScimDirectory,
  type ScimDirectoryWithToken,
  type ScimGroup,
} from "./use-scim";

/**
 * SCIM provisioning: each directory connects one team (a customer organisation) to its
 * company's identity provider, which then creates, changes and removes the team's people. The
 * admin makes a directory, gives the provider its base URL and token (shown once), rotates or
 * revokes the token, and maps the groups the provider pushes to team permissions.
 */
export function ScimPage() {
  useDocumentTitle("SCIM provisioning");
  const projectId = useProjectId();
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          SCIM provisioning
        </Title>
        <Text c="dimmed">Let a team's identity provider (Okta, Entra ID, ...) create, update and remove the team's people, and map its groups to team permissions.</Text>
      </Stack>
      <Boundary>
        <Directories projectId={projectId} />
      </Boundary>
    </Stack>
  );
}

function Directories({ projectId }: { projectId: string }) {
  const directories = useScimDirectories(projectId);
  const teams = useProjectTeams(projectId);
  const teamName = (id: string) => teams.find((team) => team.id === id)?.display_name ?? id;
  const [creating, createDialog] = useDisclosure(false);
  // A token lives here only while its dialog is open.
  const [shown, setShown] = useState<ScimDirectoryWithToken | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const createAction = (
    <Button ref={createButton} leftSection={<IconPlus size={16} aria-hidden />} onClick={createDialog.open} disabled={teams.length === 0}>
      Create directory
    </Button>
  );
  return (
    <Stack gap="md" component="section" aria-label="Directories">
      <Group justify="space-between" align="flex-end">
        <SettingsHeading order={2} title="Directories" description="One directory per team; its token can reach only that team's people." />
        {directories.length > 0 ? createAction : null}
      </Group>
      {directories.length === 0 ? (
        <Paper withBorder p="md">
          <EmptyState
            icon={<IconUsersGroup aria-hidden />}
            withIndicatorBackground
            title="No SCIM directories yet"
            description={
              teams.length === 0
                ? "A directory belongs to a team. Create a team for the customer first, then come back here."
                : "Create a directory for a team, then give its base URL and token to the team's identity provider."
            }
          >
            {createAction}
          </EmptyState>
        </Paper>
      ) : (
        directories.map((directory) => (
          <DirectoryCard key={directory.id} projectId={projectId} directory={directory} teamName={teamName(directory.team_id)} onToken={setShown} />
        ))
      )}
      <CreateDirectoryModal
        projectId={projectId}
        teams={teams}
        opened={creating}
        onClose={createDialog.close}
        onCreated={(created) => {
          createDialog.close();
          setShown(created);
        }}
      />
      <ShownOnceDialog
        title={shown ? `SCIM token of ${shown.display_name}` : ""}
        values={
          shown
            ? [
                { label: "Base URL (tenant URL)", value: shown.base_url, copyLabel: "Copy base URL", testId: "scim-base-url" },
                { label: "Token", value: shown.token, copyLabel: "Copy token", testId: "scim-token" },
              ]
            : null
        }
        warning="This is the only time the token is shown: only its digest is kept. If it is lost, rotate it to get a new one."
        onClose={() => {
          setShown(null);
          createButton.current?.focus();
        }}
      >
        <Text size="sm">In the identity provider's provisioning settings, enter the base URL and the token as a bearer token (Okta: HTTP Header; Entra ID: Secret Token).</Text>
      </ShownOnceDialog>
    </Stack>
  );
}

interface CreateDirectoryModalProps {
  projectId: string;
  teams: Array<{ id: string; display_name: string }>;
  opened: boolean;
  onClose: () => void;
  onCreated: (directory: ScimDirectoryWithToken) => void;
}

function CreateDirectoryModal({ projectId, teams, opened, onClose, onCreated }: CreateDirectoryModalProps) {
  const create = useCreateScimDirectory(projectId);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const submit = () => {
    if (!teamId || name.trim() === "") return;
    create.mutate(
      { data: { team_id: teamId, display_name: name.trim() } },
      {
        onSuccess: (created) => {
          setTeamId(null);
          setName("");
          onCreated(created);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Create SCIM directory" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Team"
            description="The customer organisation whose people the identity provider manages."
            data={teams.map((team) => ({ value: team.id, label: team.display_name }))}
            value={teamId}
            onChange={setTeamId}
            searchable
            required
          />
          <TextInput label="Name" description="E.g. the identity provider: Okta." value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={256} required />
          <ErrorAlert message={create.error ? errorMessage(create.error, { TEAM_NOT_FOUND: "That team no longer exists." }) : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!teamId || name.trim() === ""}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface DirectoryCardProps {
  projectId: string;
  directory: ScimDirectory;
  teamName: string;
  onToken: (directory: ScimDirectoryWithToken) => void;
}

function DirectoryCard({ projectId, directory, teamName, onToken }: DirectoryCardProps) {
  const rotate = useRotateScimToken(projectId);
  const revoke = useRevokeScimToken(projectId);
  const remove = useDeleteScimDirectory(projectId);
  const [groupsShown, groups] = useDisclosure(false);
  return (
    <Card withBorder padding="md" component="article" aria-label={`${directory.display_name} for ${teamName}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>{directory.display_name}</Text>
            <Text size="sm" c="dimmed">
              Team: {teamName}
            </Text>
          </Stack>
          {directory.has_token ? (
            <Badge color="gray" variant="outline" tt="none">
              Token …{directory.token_hint}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Token revoked
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ flexShrink: 0 }}>
            Base URL
          </Text>
          <CopyableValue value={directory.base_url} copyLabel="Copy base URL" />
        </Group>
        <Text size="sm" c="dimmed">
          {directory.last_used_at_millis ? (
            <>
              Last used <RelativeTime millis={directory.last_used_at_millis} />
            </>
          ) : (
            "Not used yet"
          )}
        </Text>
        <Group gap="xs">
          <ConfirmAction
            trigger={(ask) => (
              <Button size="xs" variant="default" onClick={ask}>
                {directory.has_token ? "Rotate token" : "Make a new token"}
              </Button>
            )}
            title={`A new token for ${directory.display_name}?`}
            confirmLabel="Make new token"
            action={async () => onToken(await rotate.mutateAsync({ directoryId: directory.id }))}
          >
            The current token stops working at once; give the new one to the identity provider.
          </ConfirmAction>
          {directory.has_token ? (
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="default" color="red" onClick={ask}>
                  Revoke token
                </Button>
              )}
              title={`Revoke the token of ${directory.display_name}?`}
              confirmLabel="Revoke token"
              action={() => revoke.mutateAsync({ directoryId: directory.id })}
            >
              The identity provider can no longer change the team until you make a new token. Its users and groups stay.
            </ConfirmAction>
          ) : null}
          <Button size="xs" variant="subtle" onClick={groups.toggle} aria-expanded={groupsShown}>
            {groupsShown ? "Hide groups" : "Groups and permissions"}
          </Button>
          <ConfirmAction
            trigger={(ask) => (
              <Button size="xs" variant="subtle" color="red" onClick={ask}>
                Delete directory
              </Button>
            )}
            title={`Delete ${directory.display_name}?`}
            confirmLabel="Delete directory"
            action={() => remove.mutateAsync({ directoryId: directory.id })}
          >
            The token stops at once and the directory's groups are removed. The team's people stay in the team.
          </ConfirmAction>
        </Group>
        {groupsShown ? (
          <Boundary>
            <GroupMappings projectId={projectId} directoryId={directory.id} />
          </Boundary>
        ) : null}
      </Stack>
    </Card>
  );
}

function GroupMappings({ projectId, directoryId }: { projectId: string; directoryId: string }) {
  const groups = useScimGroups(projectId, directoryId);
  const permissionIds = useTeamPermissionIds(projectId);
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No groups yet. Groups appear here once the identity provider pushes them; then choose the team permissions each one gives its members.
      </Text>
    );
  }
  // One row a group, its permissions beside it from sm up and under it on a phone: a table here
  // scrolled sideways at 390 px and cut its last header.
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Each group gives its members the team permissions chosen for it.
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Groups" style={{ listStyle: "none" }}>
        {groups.map((group) => (
          <GroupRow key={group.id} projectId={projectId} directoryId={directoryId} group={group} permissionIds={permissionIds} />
        ))}
      </Stack>
    </Stack>
  );
}

function GroupRow({ projectId, directoryId, group, permissionIds }: { projectId: string; directoryId: string; group: ScimGroup; permissionIds: string[] }) {
  const save = useSetScimGroupPermissions(projectId, directoryId);
  return (
    <Paper component="li" withBorder p="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
        <Stack gap={0}>
          <Text size="sm" fw={500} className="break-anywhere">
            {group.display_name}
          </Text>
          <Text size="xs" c="dimmed">
            {group.member_count === 1 ? "1 member" : `${group.member_count} members`}
          </Text>
        </Stack>
        <Stack gap={4}>
          <MultiSelect
            aria-label={`Team permissions of ${group.display_name}`}
            data={[...new Set([...permissionIds, ...group.permission_ids])]}
            value={group.permission_ids}
            placeholder={group.permission_ids.length === 0 ? "None: members only" : undefined}
            onChange={(ids) => save.mutate({ directoryId, groupId: group.id, data: { permission_ids: ids } })}
            disabled={save.isPending}
            searchable
            clearable
          />
          <ErrorAlert message={save.error ? errorMessage(save.error) : null} />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
