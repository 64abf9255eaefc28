import type { api } from "@gatehouse/clients/react";
import { Checkbox, Modal, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ApiKeyFields } from "../../../components/api-key-fields";
import { errorMessage } from "../../../lib/error-message";
import { apiKeyDescriptionProblem, focusFirstError } from "../../../lib/validation";
import { KEY_KINDS, NEVER_EXPIRES_MILLIS } from "./key-kinds";
import { useCreateProjectApiKeySet } from "./use-project-api-keys";
import { FormActions } from "../../../components/form-actions";

const DAY_MILLIS = 24 * 60 * 60 * 1000;

const EXPIRIES = [
  { value: "1", label: "In 1 day" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "never", label: "Never" },
];

interface CreateKeySetModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (keySet: api.CreatedProjectApiKeySet) => void;
}

export function CreateKeySetModal({ projectId, opened, onClose, onCreated }: CreateKeySetModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create API keys" centered>
      <CreateKeySetForm projectId={projectId} onCancel={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function CreateKeySetForm({ projectId, onCancel, onCreated }: Omit<CreateKeySetModalProps, "opened" | "onClose"> & { onCancel: () => void }) {
  const create = useCreateProjectApiKeySet(projectId);
  const form = useForm({
    initialValues: { description: "", expiry: "365", kinds: ["publishable_client_key", "secret_server_key"] as string[] },
    validate: { description: apiKeyDescriptionProblem, kinds: (kinds) => (kinds.length === 0 ? "Choose at least one key." : null) },
  });
  const save = ({ description, expiry, kinds }: typeof form.values) =>
    create.mutate(
      {
        data: {
          description: description.trim(),
          expires_at_millis: expiry === "never" ? NEVER_EXPIRES_MILLIS : Date.now() + Number(expiry) * DAY_MILLIS,
          has_publishable_client_key: kinds.includes("publishable_client_key"),
          has_secret_server_key: kinds.includes("secret_server_key"),
          has_super_secret_admin_key: kinds.includes("super_secret_admin_key"),
        },
      },
      { onSuccess: onCreated },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="md">
        <ApiKeyFields form={form} noun="keys" expiries={EXPIRIES} />
        <Checkbox.Group label="Keys" name="kinds" {...form.getInputProps("kinds")}>
          <Stack gap="xs" mt={6}>
            {KEY_KINDS.map(({ kind, label, description }) => (
              <Checkbox key={kind} value={kind} label={label} description={description} />
            ))}
          </Stack>
        </Checkbox.Group>
        <FormActions error={create.error ? errorMessage(create.error) : null} onCancel={onCancel} pending={create.isPending} submitLabel="Create keys" />
      </Stack>
    </form>
  );
}
