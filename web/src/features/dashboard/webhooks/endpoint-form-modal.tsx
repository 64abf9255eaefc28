import { api } from "@gatehouse/clients/react";
import { Modal, MultiSelect, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from "./use-webhook-endpoints";
import { FormActions } from "../../../components/form-actions";

/** CONTRACT "Webhooks": the events an endpoint may take. */
const EVENTS = Object.values(api.WebhookEventType);
const URL_MAX_LENGTH = 2048;
const DESCRIPTION_MAX_LENGTH = 1024;

/** The server's rule: an http or https URL. Whether a private address is allowed is the project's (allow localhost). */
function urlProblem(value: string): string | null {
  const url = value.trim();
  if (url === "") return "Enter the address that receives the events.";
  if (url.length > URL_MAX_LENGTH) return `Use at most ${URL_MAX_LENGTH} characters.`;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol) || /\s/.test(url)) return "Enter a whole http or https address, such as https://api.example.com/webhooks.";
  return null;
}

interface EndpointFormModalProps {
  projectId: string;
  /** The endpoint being changed; none to add one. */
  endpoint: api.WebhookEndpoint | null;
  opened: boolean;
  onClose: () => void;
  /** After adding: the new endpoint with its secret, which is shown once. */
  onCreated: (endpoint: api.WebhookEndpointWithSecret) => void;
}

export function EndpointFormModal({ opened, onClose, endpoint, ...props }: EndpointFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={endpoint ? "Change the endpoint" : "Add an endpoint"} centered>
      <EndpointForm key={endpoint?.id ?? "new"} endpoint={endpoint} onClose={onClose} {...props} />
    </Modal>
  );
}

function EndpointForm({ projectId, endpoint, onClose, onCreated }: Omit<EndpointFormModalProps, "opened">) {
  const create = useCreateWebhookEndpoint(projectId);
  const update = useUpdateWebhookEndpoint(projectId);
  const mutation = endpoint ? update : create;
  const form = useForm({
    initialValues: { url: endpoint?.url ?? "", description: endpoint?.description ?? "", enabled: endpoint?.enabled ?? true, events: endpoint?.events ?? [] },
    validate: {
      url: urlProblem,
      description: (value) => (value.length > DESCRIPTION_MAX_LENGTH ? `Use at most ${DESCRIPTION_MAX_LENGTH} characters.` : null),
    },
  });
  const save = (values: typeof form.values) => {
    const data = { url: values.url.trim(), description: values.description.trim() || null, enabled: values.enabled, events: values.events as api.WebhookEventType[] };
    if (endpoint) update.mutate({ endpointId: endpoint.id, data }, { onSuccess: onClose });
    else create.mutate({ data }, { onSuccess: onCreated });
  };
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="md">
        <TextInput label="URL" name="url" type="url" placeholder="https://api.example.com/webhooks" data-autofocus {...form.getInputProps("url")} />
        <TextInput label="Description" name="description" description="Optional: what receives the events." {...form.getInputProps("description")} />
        <MultiSelect
          label="Events"
          name="events"
          description="Leave empty to receive every event, including ones added later."
          placeholder={form.values.events.length === 0 ? "All events" : undefined}
          data={EVENTS}
          searchable
          clearable
          {...form.getInputProps("events")}
        />
        <Switch label="Enabled" name="enabled" description="A disabled endpoint receives nothing; its waiting deliveries fail." {...form.getInputProps("enabled", { type: "checkbox" })} />
        <FormActions error={mutation.error ? errorMessage(mutation.error) : null} onCancel={onClose} pending={mutation.isPending} submitLabel={endpoint ? "Save endpoint" : "Add endpoint"} />
      </Stack>
    </form>
  );
}
