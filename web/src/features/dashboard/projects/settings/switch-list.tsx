import { Stack, Switch } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";

export interface SwitchSetting<Key extends string> {
  key: Key;
  label: string;
  description: string;
}

/** On/off settings of a group's form, one switch each. */
export function SwitchList<Values extends Record<string, unknown>>({
  form,
  settings,
}: {
  form: UseFormReturnType<Values>;
  settings: ReadonlyArray<SwitchSetting<keyof Values & string>>;
}) {
  return (
    <Stack gap="sm">
      {settings.map((setting) => (
        <Switch key={setting.key} label={setting.label} description={setting.description} name={setting.key} {...form.getInputProps(setting.key, { type: "checkbox" })} />
      ))}
    </Stack>
  );
}
