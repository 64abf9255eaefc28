import type { api } from "@gatehouse/clients/react";
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { PERMISSION_ID_MAX_LENGTH, permissionIdProblem } from "../../../lib/permission-id";
import { useCreatePermissionDefinition, useUpdatePermissionDefinition, type PermissionScope } from "./use-permission-definitions";

interface DefinitionFormModalProps {
  projectId: string;
  scope: PermissionScope;
  definitions: api.PermissionDefinition[];
  /** The definition being edited; none to create one. */
  editing: api.PermissionDefinition | null;
  opened: boolean;
  onClose: () => void;
}

export function DefinitionFormModal({ opened, onClose, editing, scope, ...props }: DefinitionFormModalProps) {
  const noun = scope === "team" ? "team permission" : "project permission";
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit ${editing.id}` : `Create a ${noun}`} centered>
      <DefinitionForm key={editing?.id ?? "new"} editing={editing} scope={scope} onClose={onClose} {...props} />
    </Modal>
  );
}

interface Values {
  id: string;
  description: string;
  contained: string[];
}

function DefinitionForm({ projectId, scope, definitions, editing, onClose }: Omit<DefinitionFormModalProps, "opened">) {
  const create = useCreatePermissionDefinition(projectId, scope);
  const update = useUpdatePermissionDefinition(projectId, scope);
  const mutation = editing ? update : create;
  const form = useForm<Values>({
    initialValues: { id: editing?.id ?? "", description: editing?.description ?? "", contained: editing?.contained_permission_ids ?? [] },
    validate: { id: (value) => (editing ? null : permissionIdProblem(value)) },
  });
  // Any other definition may be chosen: the server says which choice would make a cycle.
  const choices = definitions.filter((definition) => definition.id !== editing?.id).map((definition) => definition.id);
  const done = (id: string, verb: string) => {
    onClose();
    notifications.show({ message: `${id} is ${verb}.`, color: "green" });
  };
  const submit = form.onSubmit(({ id, description, contained }) => {
    if (editing) {
      update.mutate({ id: editing.id, data: { description: description.trim(), contained_permission_ids: contained } }, { onSuccess: () => done(editing.id, "saved") });
    } else {
      create.mutate(
        { id, description: description.trim() || undefined, contained_permission_ids: contained },
        { onSuccess: () => done(id, "created") },
      );
    }
  }, focusFirstError);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {editing ? null : (
          <TextInput
            label="Id"
            name="id"
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            description={`What your code checks. Lowercase letters, digits, : and _; up to ${PERMISSION_ID_MAX_LENGTH} characters. It cannot be changed later.`}
            {...form.getInputProps("id")}
          />
        )}
        <TextInput label="Description" name="description" description="Optional: what the permission allows, for the people managing it." {...form.getInputProps("description")} />
        <MultiSelect
          label="Contains"
          name="contained"
          description="Holding this permission also gives these, and what they contain in turn."
          placeholder={choices.length === 0 ? "No other permissions yet" : form.values.contained.length === 0 ? "None" : undefined}
          data={choices}
          searchable
          clearable
          nothingFoundMessage="No permission with this id"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("contained")}
        />
        <ErrorAlert message={mutation.error ? errorMessage(mutation.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {editing ? "Save permission" : "Create permission"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
