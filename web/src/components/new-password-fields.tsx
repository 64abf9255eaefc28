import type { UseFormReturnType } from "@mantine/form";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../lib/validation";
import { PasswordField } from "./password-field";

/** The two fields of a password being chosen: the password with its length rule, and the same again. */
export function NewPasswordFields<Values extends { confirmation: string }>({
  form,
  field,
}: {
  form: UseFormReturnType<Values>;
  /** The form's key for the new password; the repetition is always `confirmation`. */
  field: keyof Values & string;
}) {
  return (
    <>
      <PasswordField
        label="New password"
        name={field}
        autoComplete="new-password"
        description={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
        {...form.getInputProps(field)}
      />
      <PasswordField label="Repeat the new password" name="confirmation" autoComplete="new-password" {...form.getInputProps("confirmation")} />
    </>
  );
}
