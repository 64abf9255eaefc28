import type { api } from "@gatehouse/clients/react";
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { focusFirstError } from "../../../lib/validation";
import { useProjectId } from "../shell/project-context";
import { metadataProblem, metadataText, parseMetadata } from "./metadata-json";
import { useUpdateProjectUser } from "./use-project-user";
import { userErrorMessage } from "./user-error-message";

export type MetadataField = "client_metadata" | "client_read_only_metadata" | "server_metadata";

interface MetadataFormProps {
  user: api.ServerUser;
  field: MetadataField;
  label: string;
  description: string;
}

/** One tier of metadata as JSON text, checked as JSON before it is sent; saving replaces the whole value. */
export function MetadataForm({ user, field, label, description }: MetadataFormProps) {
  const update = useUpdateProjectUser(useProjectId());
  const form = useForm({ initialValues: { json: metadataText(user[field]) }, validate: { json: metadataProblem } });
  const save = ({ json }: { json: string }) =>
    update.mutate(
      { userId: user.id, data: { [field]: parseMetadata(json) } },
      {
        onSuccess: (saved) => {
          const text = metadataText(saved[field]);
          form.setValues({ json: text });
          form.resetDirty({ json: text });
          notifications.show({ message: `${label} is saved.`, color: "green" });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm">
        <Textarea
          label={label}
          description={description}
          name="json"
          placeholder="{}"
          autosize
          minRows={3}
          maxRows={16}
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...form.getInputProps("json")}
        />
        <ErrorAlert message={update.error ? userErrorMessage(update.error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={update.isPending} disabled={!form.isDirty()} aria-label={`Save ${label.toLowerCase()}`}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
