import type { api } from "@gatehouse/clients/react";
import { Modal, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { FormActions } from "../../../components/form-actions";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { AppFields } from "./app-fields";
import { createBody, initialAppValues, validateApp } from "./app-form";
import { useCreateOAuthApp } from "./use-oauth-apps";

interface CreateAppModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** The new app, with a confidential app's secret, which is shown once. */
  onCreated: (app: api.OAuthAppWithSecret) => void;
}

export function CreateAppModal({ opened, onClose, ...props }: CreateAppModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create an OAuth app" centered size="lg">
      <CreateAppForm onClose={onClose} {...props} />
    </Modal>
  );
}

function CreateAppForm({ projectId, onClose, onCreated }: Omit<CreateAppModalProps, "opened">) {
  const create = useCreateOAuthApp(projectId);
  const form = useForm({ initialValues: initialAppValues(), validate: validateApp });
  const save = (values: typeof form.values) => create.mutate({ data: createBody(values) }, { onSuccess: onCreated });
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="md">
        <AppFields form={form} isNew />
        <FormActions error={create.error ? errorMessage(create.error) : null} onCancel={onClose} pending={create.isPending} submitLabel="Create app" />
      </Stack>
    </form>
  );
}
