import { Modal, Stack, TagsInput, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { FormActions } from "../../../components/form-actions";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { storedResource, useSaveOAuthServer } from "./use-oauth-server";

/** The configuration's rules for an id and a resource (server/src/services/project-config/schema.ts); the server stays the judge. */
const ID_SHAPE = /^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/;
const ID_MAX_LENGTH = 63;
const SCOPE_SHAPE = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

function idProblem(value: string, taken: string[]): string | null {
  const id = value.trim();
  if (id === "") return "Give it an id, such as notes-api.";
  if (id.length > ID_MAX_LENGTH) return `Use at most ${ID_MAX_LENGTH} characters.`;
  if (!ID_SHAPE.test(id)) return "Use letters, digits, _ and -, not starting with -.";
  return taken.includes(id) ? "There is one with this id already." : null;
}

function uriProblem(value: string): string | null {
  const uri = value.trim();
  if (uri === "") return "Enter the address that identifies it, such as https://api.example.com/.";
  if (!URL.canParse(uri)) return "Enter a whole address, such as https://api.example.com/.";
  const { protocol, hostname } = new URL(uri);
  if (/[*#]/.test(uri)) return "Leave out # fragments and * wildcards.";
  if (protocol === "https:" || (protocol === "http:" && LOOPBACK.has(hostname))) return null;
  return "Use https (http only on localhost, 127.0.0.1 or [::1]).";
}

interface ResourceFormModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** The ids of the project's resources: a new one takes another. */
  takenIds: string[];
}

export function ResourceFormModal({ opened, onClose, ...props }: ResourceFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add an API or MCP server" centered size="lg">
      <ResourceForm onClose={onClose} {...props} />
    </Modal>
  );
}

function ResourceForm({ projectId, onClose, takenIds }: Omit<ResourceFormModalProps, "opened">) {
  const save = useSaveOAuthServer(projectId);
  const form = useForm({
    initialValues: { id: "", uri: "", displayName: "", scopes: [] as string[] },
    validate: {
      id: (value) => idProblem(value, takenIds),
      uri: uriProblem,
      displayName: (value) => (value.trim().length > 256 ? "Use at most 256 characters." : null),
      scopes: (scopes) => (scopes.some((scope) => !SCOPE_SHAPE.test(scope)) ? "A scope is one word, without quotes or backslashes." : null),
    },
  });
  const submit = async (values: typeof form.values) => {
    const id = values.id.trim();
    const name = values.displayName.trim() || id;
    try {
      await save.save({ [`oauthServer.resources.${id}`]: storedResource({ uri: values.uri.trim(), displayName: values.displayName.trim(), scopes: values.scopes }) });
      notifications.show({ message: `Apps can now get tokens for ${name}.`, color: "green" });
      onClose();
    } catch {
      // The form shows the refusal (save.error).
    }
  };
  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values), focusFirstError)}>
      <Stack gap="md">
        <TextInput label="ID" name="id" description="How the configuration names it: letters, digits, _ and -." placeholder="notes-api" required data-autofocus {...form.getInputProps("id")} />
        <TextInput
          label="URI"
          name="uri"
          type="url"
          description="The address apps name it by (its resource indicator): the API's or MCP server's base URL. https, or http on localhost; no # fragment."
          placeholder="https://api.example.com/"
          required
          {...form.getInputProps("uri")}
        />
        <TextInput label="Display name" name="displayName" description="Optional: what users see when an app asks for it." placeholder="Notes API" {...form.getInputProps("displayName")} />
        <TagsInput
          label="Scopes"
          name="scopes"
          description="Optional: what a token for it may allow, such as notes:read notes:write. Press Enter or space after each."
          splitChars={[",", " "]}
          clearable
        clearButtonProps={{ "aria-label": "Clear the scopes" }}
          {...form.getInputProps("scopes")}
        />
        <FormActions error={save.error ? errorMessage(save.error) : null} onCancel={onClose} pending={save.isPending} submitLabel="Add" />
      </Stack>
    </form>
  );
}
