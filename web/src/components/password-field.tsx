import { useLingui } from "@lingui/react/macro";
import { PasswordInput, type PasswordInputProps } from "@mantine/core";

/**
 * Mantine's PasswordInput, with `aria-invalid` on the input itself when the field has an
 * error (Mantine marks only its wrapper), so screen readers hear that the value was refused.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useLingui();
  return <PasswordInput {...props} aria-invalid={props.error ? true : undefined} visibilityToggleButtonProps={{ "aria-label": t`Show or hide the password` }} />;
}
