import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { displayNameProblem, DISPLAY_NAME_MAX_LENGTH, focusFirstError } from "../lib/validation";
import { ErrorAlert } from "./error-alert";

interface DisplayNameFormProps {
  /** The name saved now (null: none). */
  name: string | null;
  /** Saves the trimmed name (null clears it) and calls `onSuccess` once it is saved: a mutation's `mutate`. */
  save: (displayName: string | null, onSuccess: () => void) => void;
  saving: boolean;
  /** The failed save's message for the reader, or null. */
  error: string | null;
  savedMessage: string;
  /** `name` for the user's own name (the browser may offer it), `off` for someone else's. */
  autoComplete: "name" | "off";
}

/** A user's display name, from their account settings or from the dashboard's user page. */
export function DisplayNameForm({ name, save, saving, error, savedMessage, autoComplete }: DisplayNameFormProps) {
  const { t } = useLingui();
  const max = DISPLAY_NAME_MAX_LENGTH;
  const form = useForm({ initialValues: { displayName: name ?? "" }, validate: { displayName: displayNameProblem } });
  const submit = ({ displayName }: { displayName: string }) => {
    const trimmed = displayName.trim();
    save(trimmed === "" ? null : trimmed, () => {
      form.setValues({ displayName: trimmed });
      form.resetDirty({ displayName: trimmed });
      notifications.show({ message: savedMessage, color: "green" });
    });
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t`Display name`}
          name="displayName"
          autoComplete={autoComplete}
          description={t`Up to ${max} characters. Leave it empty to show no name.`}
          {...form.getInputProps("displayName")}
        />
        <ErrorAlert message={error} />
        <Group>
          <Button type="submit" loading={saving} disabled={!form.isDirty()}>
            <Trans>Save name</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
