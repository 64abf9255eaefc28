import type { api } from "@gatehouse/clients/react";
import { Switch, Textarea, TextInput } from "@mantine/core";
import { DISPLAY_NAME_MAX_LENGTH } from "../../../../lib/validation";
import { productionModeProblems } from "./domain-rules";
import { ProductionWarnings } from "./production-warnings";
import { SettingsGroup } from "./settings-group";
import { useSettingsForm } from "./use-settings-form";

const DESCRIPTION_MAX_LENGTH = 10_000;

/** Name, description and production mode. */
export function ProjectGroup({ project }: { project: api.AdminProject }) {
  // Production mode is judged on the saved domains: those are what the server checks.
  const problems = productionModeProblems(project.config);
  const { form, groupProps } = useSettingsForm(project.id, {
    title: "Project",
    initialValues: { display_name: project.display_name, description: project.description, is_production_mode: project.is_production_mode },
    validate: {
      display_name: (value) =>
        value.trim() === "" ? "Give the project a name." : value.trim().length > DISPLAY_NAME_MAX_LENGTH ? `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters.` : null,
      description: (value) => (value.length > DESCRIPTION_MAX_LENGTH ? `Use at most ${DESCRIPTION_MAX_LENGTH} characters.` : null),
      is_production_mode: (on) =>
        on && !project.is_production_mode && problems.length > 0 ? "Production mode can be turned on once the problems below are fixed and saved." : null,
    },
    toUpdate: (values) => ({ display_name: values.display_name.trim(), description: values.description.trim(), is_production_mode: values.is_production_mode }),
  });
  return (
    <SettingsGroup {...groupProps} description="How the project is named in the dashboard and in e-mails.">
      <TextInput label="Name" name="display_name" {...form.getInputProps("display_name")} />
      <Textarea label="Description" name="description" description="Optional; only admins see it." autosize minRows={2} {...form.getInputProps("description")} />
      <Switch
        label="Production mode"
        name="is_production_mode"
        description="For a live app: localhost, IP-address and plain-HTTP domains are refused, so that codes and tokens only go where the app lives."
        {...form.getInputProps("is_production_mode", { type: "checkbox" })}
      />
      {form.values.is_production_mode ? <ProductionWarnings title="Fix these for production mode" problems={problems} /> : null}
    </SettingsGroup>
  );
}
