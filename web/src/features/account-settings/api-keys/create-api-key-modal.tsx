import { useCreateApiKey, type CreatedApiKey } from "@gatehouse/clients/react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Modal, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ApiKeyFields } from "../../../components/api-key-fields";
import { errorMessage } from "../../../lib/error-message";
import { apiKeyDescriptionProblem, focusFirstError } from "../../../lib/validation";
import { FormActions } from "../../../components/form-actions";

const DAY_MILLIS = 24 * 60 * 60 * 1000;

/** How long a new key works, in days; `never` for a key that only revoking ends. */
const EXPIRIES = [
  { value: "never", label: msg`Never` },
  { value: "1", label: msg`In 1 day` },
  { value: "7", label: msg`In 7 days` },
  { value: "30", label: msg`In 30 days` },
  { value: "90", label: msg`In 90 days` },
  { value: "365", label: msg`In 1 year` },
];

function expiresAtMillis(expiry: string): number | null {
  return expiry === "never" ? null : Date.now() + Number(expiry) * DAY_MILLIS;
}

interface CreateApiKeyModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}

export function CreateApiKeyModal({ opened, onClose, onCreated }: CreateApiKeyModalProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Create an API key`} centered>
      <CreateApiKeyForm onCancel={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function CreateApiKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const { t, i18n } = useLingui();
  const expiries = EXPIRIES.map(({ value, label }) => ({ value, label: i18n._(label) }));
  const create = useCreateApiKey();
  const form = useForm({ initialValues: { description: "", expiry: "90" }, validate: { description: apiKeyDescriptionProblem } });
  const save = ({ description, expiry }: typeof form.values) =>
    create.mutate({ data: { description: description.trim(), expires_at_millis: expiresAtMillis(expiry), user_id: "me" } }, { onSuccess: onCreated });
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="md">
        <ApiKeyFields form={form} noun="key" expiries={expiries} />
        <FormActions
          error={create.error ? errorMessage(create.error) : null}
          onCancel={onCancel}
          pending={create.isPending}
          submitLabel={t`Create key`}
        />
      </Stack>
    </form>
  );
}
