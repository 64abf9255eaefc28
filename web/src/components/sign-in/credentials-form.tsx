import { useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { PasswordField } from "../password-field";
import { ErrorAlert } from "../error-alert";
import { emailProblem, focusFirstError } from "../../lib/validation";

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps {
  submitLabel: string;
  /** `current-password` for sign-in, `new-password` for sign-up, so password managers do the right thing. */
  passwordAutoComplete: "current-password" | "new-password";
  /** The password rule of this form (any password to sign in, the length rules to sign up). */
  passwordProblem: (password: string) => string | null;
  passwordHint?: string;
  /** A link beside the password's label ("Forgot password?"). */
  passwordAside?: ReactNode;
  pending: boolean;
  error: string | null;
  onSubmit: (credentials: Credentials) => void;
}

/** E-mail and password, checked here before they are sent (SPEC §5), each problem at its field. */
export function CredentialsForm(props: CredentialsFormProps) {
  const { t } = useLingui();
  const form = useForm<Credentials>({
    initialValues: { email: "", password: "" },
    validate: { email: emailProblem, password: props.passwordProblem },
  });
  return (
    <form onSubmit={form.onSubmit((values) => props.onSubmit({ email: values.email.trim(), password: values.password }), focusFirstError)} noValidate>
      <Stack gap="sm">
        <TextInput label={t`E-mail`} name="email" type="email" autoComplete="email" {...form.getInputProps("email")} />
        <Stack gap={4}>
          <PasswordField
            label={t`Password`}
            name="password"
            autoComplete={props.passwordAutoComplete}
            description={props.passwordHint}
            {...form.getInputProps("password")}
          />
          {props.passwordAside ? <Group justify="flex-end">{props.passwordAside}</Group> : null}
        </Stack>
        <ErrorAlert message={props.error} />
        <Button type="submit" fullWidth loading={props.pending}>
          {props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

