import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/error-message";
import { focusFirstError } from "../lib/validation";
import { ErrorAlert } from "./error-alert";

interface TextFieldFormProps {
  label: string;
  /** The field's name (for focusFirstError). */
  name: string;
  initialValue: string;
  description?: ReactNode;
  autoComplete?: string;
  /** What is wrong with the value as typed, or null. */
  problem: (value: string) => string | null;
  submitLabel: string;
  pending: boolean;
  /** The last save's failure, shown as its known error's message. */
  error: unknown;
  /** Saves the trimmed value (a mutation), calling `saved` when it succeeded. */
  onSave: (value: string, saved: () => void) => void;
}

/** One text setting and its save button, which is enabled once the value changes (a name, a team's name). */
export function TextFieldForm({ label, name, initialValue, description, autoComplete, problem, submitLabel, pending, error, onSave }: TextFieldFormProps) {
  const form = useForm<Record<string, string>>({ initialValues: { [name]: initialValue }, validate: { [name]: problem } });
  const save = form.onSubmit((values) => {
    const trimmed = (values[name] ?? "").trim();
    onSave(trimmed, () => {
      form.setValues({ [name]: trimmed });
      form.resetDirty({ [name]: trimmed });
    });
  }, focusFirstError);
  return (
    <form noValidate onSubmit={save}>
      <Stack gap="sm" maw={480}>
        <TextInput label={label} name={name} autoComplete={autoComplete} description={description} {...form.getInputProps(name)} />
        <ErrorAlert message={error ? errorMessage(error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={pending} disabled={!form.isDirty()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
