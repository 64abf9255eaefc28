import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { focusFirstError } from "../lib/validation";
import { ErrorAlert } from "./error-alert";

interface AddEmailFormProps<Values extends { email: string }> {
  form: UseFormReturnType<Values>;
  save: (values: Values) => void;
  /** `email` for the user's own address, `off` for someone else's. */
  autoComplete: "email" | "off";
  pending: boolean;
  error: string | null;
  /** Fields under the address. */
  children?: ReactNode;
}

/** The form that adds an e-mail address to an account. */
export function AddEmailForm<Values extends { email: string }>({ form, save, autoComplete, pending, error, children }: AddEmailFormProps<Values>) {
  const { t } = useLingui();
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput label={t`Add an e-mail address`} name="email" type="email" autoComplete={autoComplete} {...form.getInputProps("email")} />
        {children}
        <ErrorAlert message={error} />
        <Group>
          <Button type="submit" variant="default" loading={pending}>
            <Trans>Add e-mail address</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
