import type { api } from "@gatehouse/clients/react";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useProjectId } from "../shell/project-context";
import { DefinitionFormModal } from "./definition-form-modal";
import { DeleteDefinitionButton } from "./delete-definition-button";
import { isSystemPermission } from "../../../lib/permission-id";
import { PermissionTree } from "./permission-tree";
import { usePermissionDefinitions, type PermissionScope } from "./use-permission-definitions";

const ABOUT: Record<PermissionScope, string> = {
  team: "Held by a member within one team. The system permissions ($) exist in every project and decide what members may do to the team itself.",
  project: "Held by a user across the whole project, whatever their teams.",
};

/** One scope's definitions as a tree, with creating, editing and deleting. */
export function DefinitionsPanel({ scope }: { scope: PermissionScope }) {
  const projectId = useProjectId();
  const definitions = usePermissionDefinitions(projectId, scope);
  // null: closed; "new": creating; a definition: editing it.
  const [form, setForm] = useState<api.PermissionDefinition | "new" | null>(null);
  const custom = definitions.filter((definition) => !isSystemPermission(definition.id));
  const system = definitions.filter((definition) => isSystemPermission(definition.id));
  const create = () => setForm("new");
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" maw={620}>
          {ABOUT[scope]}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
          Create permission
        </Button>
      </Group>
      {custom.length === 0 ? (
        <Card withBorder padding="lg">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>No {scope} permissions of your own yet</Text>
            <Text size="sm" c="dimmed">
              Define a permission for each thing your app lets some people do and not others, such as read_reports. A permission can contain others, so that granting one grants a set.
            </Text>
            <Button variant="default" onClick={create}>
              Create the first one
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {custom.length === 1 ? "1 permission" : `${custom.length} permissions`}
          </Text>
          <PermissionTree
            label={`${scope === "team" ? "Team" : "Project"} permissions`}
            definitions={definitions}
            roots={custom}
            actions={(definition) => (
              <Group gap={4} wrap="nowrap">
                <Button variant="subtle" size="compact-sm" onClick={() => setForm(definition)} aria-label={`Edit ${definition.id}`}>
                  Edit
                </Button>
                <DeleteDefinitionButton projectId={projectId} scope={scope} id={definition.id} />
              </Group>
            )}
          />
        </Stack>
      )}
      {system.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            System permissions
          </Text>
          <PermissionTree label="System permissions" definitions={definitions} roots={system} dense />
        </Stack>
      ) : null}
      <DefinitionFormModal
        projectId={projectId}
        scope={scope}
        definitions={definitions}
        editing={form === "new" ? null : form}
        opened={form !== null}
        onClose={() => setForm(null)}
      />
    </Stack>
  );
}
