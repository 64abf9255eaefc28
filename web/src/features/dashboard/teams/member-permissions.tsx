import { Badge, Button, Code, Group, Select, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { isSystemPermission } from "../../../lib/permission-id";
import { useGrantTeamPermission, useRevokeTeamPermission, useTeamPermissionDefinitions, useTeamPermissionGrants } from "./use-member-permissions";

interface MemberPermissionsProps {
  projectId: string;
  teamId: string;
  userId: string;
  name: string;
}

/** The permissions granted to the member directly, what those bring with them, and granting another. */
export function MemberPermissions({ projectId, teamId, userId, name }: MemberPermissionsProps) {
  const definitions = useTeamPermissionDefinitions(projectId);
  const granted = useTeamPermissionGrants(projectId, { teamId, userId, recursive: false }).map((grant) => grant.id);
  const effective = useTeamPermissionGrants(projectId, { teamId, userId, recursive: true }).map((grant) => grant.id);
  const included = effective.filter((id) => !granted.includes(id));
  const describe = (id: string) => definitions.find((definition) => definition.id === id)?.description;
  return (
    <Stack gap="md">
      {granted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {`No team permissions are granted to ${name} in this team.`}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={`Team permissions granted to ${name}`}>
          {granted.map((id) => (
            <Group component="li" key={id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Code className="break-anywhere">{id}</Code>
                  {isSystemPermission(id) ? (
                    <Badge size="xs" variant="light" color="gray">
                      System
                    </Badge>
                  ) : null}
                </Group>
                {describe(id) ? (
                  <Text size="xs" c="dimmed" className="break-anywhere">
                    {describe(id)}
                  </Text>
                ) : null}
              </Stack>
              <RevokeButton projectId={projectId} teamId={teamId} userId={userId} permissionId={id} name={name} />
            </Group>
          ))}
        </Stack>
      )}
      {included.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm">Also held, because the permissions above contain them:</Text>
          <Group gap={4} wrap="wrap" role="group" aria-label={`Team permissions ${name} holds through others`}>
            {included.map((id) => (
              <Badge key={id} size="sm" variant="outline" color="gray" tt="none">
                {id}
              </Badge>
            ))}
          </Group>
        </Stack>
      ) : null}
      <GrantForm projectId={projectId} teamId={teamId} userId={userId} choices={definitions.map((definition) => definition.id).filter((id) => !granted.includes(id))} />
    </Stack>
  );
}

function RevokeButton({ projectId, teamId, userId, permissionId, name }: { projectId: string; teamId: string; userId: string; permissionId: string; name: string }) {
  const revoke = useRevokeTeamPermission(projectId);
  return (
    <ConfirmAction
      trigger={(ask) => (
        <Button variant="subtle" color="red" size="compact-sm" onClick={ask} aria-label={`Revoke ${permissionId}`} style={{ flexShrink: 0 }}>
          Revoke
        </Button>
      )}
      title={`Revoke ${permissionId}?`}
      confirmLabel="Revoke permission"
      action={() => revoke.mutateAsync({ teamId, userId, permissionId, data: {} })}
      onDone={() => notifications.show({ message: `${name} no longer holds ${permissionId} in this team.`, color: "green" })}
    >
      {`${name} loses ${permissionId} in this team at once, and what it contains unless another of their permissions contains it too.`}
    </ConfirmAction>
  );
}

function GrantForm({ projectId, teamId, userId, choices }: { projectId: string; teamId: string; userId: string; choices: string[] }) {
  const grant = useGrantTeamPermission(projectId);
  const form = useForm<{ permission: string | null }>({
    initialValues: { permission: null },
    validate: { permission: (value) => (value ? null : "Choose the permission to grant.") },
    onValuesChange: () => grant.reset(),
  });
  const submit = form.onSubmit(({ permission }) => {
    if (!permission) return;
    grant.mutate(
      { teamId, userId, permissionId: permission, data: {} },
      {
        onSuccess: () => {
          notifications.show({ message: `${permission} is granted.`, color: "green" });
          form.reset();
        },
      },
    );
  }, focusFirstError);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={480}>
        <Select
          label="Grant a team permission"
          name="permission"
          placeholder={choices.length === 0 ? "Every team permission is granted" : "Choose a permission"}
          data={choices}
          searchable
          clearable
          disabled={choices.length === 0}
          nothingFoundMessage="No permission with this id"
          {...form.getInputProps("permission")}
        />
        <ErrorAlert message={grant.error ? errorMessage(grant.error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={grant.isPending} disabled={choices.length === 0}>
            Grant permission
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
