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
  const them = noun === "key" ? "it" : "them";
  return (
    <>
      <TextInput
        label="Description"
        name="description"
        description={`What will use ${noun === "key" ? "this key" : "these keys"}, so that you can recognise ${them} later. Up to ${API_KEY_DESCRIPTION_MAX_LENGTH} characters.`}
        data-autofocus
        {...form.getInputProps("description")}
      />
      <NativeSelect label="Expires" name="expiry" data={expiries} {...form.getInputProps("expiry")} />
    </>
  );
}
