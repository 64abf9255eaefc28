import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const min = PASSWORD_MIN_LENGTH;
  const max = PASSWORD_MAX_LENGTH;
  return (
    <>
      <PasswordField
        label={t`New password`}
        name={field}
        autoComplete="new-password"
        description={t`${min} to ${max} characters.`}
        {...form.getInputProps(field)}
      />
      <PasswordField label={t`Repeat the new password`} name="confirmation" autoComplete="new-password" {...form.getInputProps("confirmation")} />
    </>
  );
}
