import { useLingui } from "@lingui/react/macro";
import { NativeSelect, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { API_KEY_DESCRIPTION_MAX_LENGTH } from "../lib/validation";

interface ApiKeyFieldsProps<Values extends { description: string; expiry: string }> {
  form: UseFormReturnType<Values>;
  /** "key" or "keys": what the description names. */
  noun: "key" | "keys";
  /** The expiry choices: days as text, or `never`. */
  expiries: ReadonlyArray<{ value: string; label: string }>;
}

/** The description and expiry of a new API key, or of a set of them. */
export function ApiKeyFields<Values extends { description: string; expiry: string }>({ form, noun, expiries }: ApiKeyFieldsProps<Values>) {
  const { t } = useLingui();
  const max = API_KEY_DESCRIPTION_MAX_LENGTH;
  return (
    <>
      <TextInput
        label={t`Description`}
        name="description"
        description={
          noun === "key"
            ? t`What will use this key, so that you can recognise it later. Up to ${max} characters.`
            : t`What will use these keys, so that you can recognise them later. Up to ${max} characters.`
        }
        data-autofocus
        {...form.getInputProps("description")}
      />
      <NativeSelect label={t`Expires`} name="expiry" data={expiries} {...form.getInputProps("expiry")} />
    </>
  );
}
