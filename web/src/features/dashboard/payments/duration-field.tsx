import { Group, NumberInput, Select } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { DURATION_UNITS } from "./catalog-types";

interface DurationFieldProps<Values> {
  form: UseFormReturnType<Values>;
  /** The path of a DurationValue in the form. */
  path: string;
  label: string;
  /** The unit choice meaning "none": "One-off", "No trial", "Never". */
  noneLabel: string;
}

/** A duration (SPEC §5: a whole number and a day, week, month or year unit), or none. */
export function DurationField<Values>({ form, path, label, noneLabel }: DurationFieldProps<Values>) {
  const unit = form.getInputProps(`${path}.unit`);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={label}
        data={[{ value: "", label: noneLabel }, ...DURATION_UNITS.map((value) => ({ value, label: `${value}s` }))]}
        allowDeselect={false}
        w={150}
        {...unit}
      />
      {unit.value ? <NumberInput label="Count" aria-label={`${label}: count`} min={0} allowDecimal={false} w={90} {...form.getInputProps(`${path}.count`)} /> : null}
    </Group>
  );
}
