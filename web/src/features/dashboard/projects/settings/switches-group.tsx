import type { api } from "@gatehouse/clients/react";
import { SettingsGroup } from "./settings-group";
import { SwitchList, type SwitchSetting } from "./switch-list";
import { useSettingsForm } from "./use-settings-form";

type BooleanConfigKey = { [K in keyof api.ProjectConfig]-?: NonNullable<api.ProjectConfig[K]> extends boolean ? K : never }[keyof api.ProjectConfig];

interface SwitchesGroupProps {
  project: api.AdminProject;
  title: string;
  description: string;
  settings: ReadonlyArray<SwitchSetting<BooleanConfigKey>>;
}

/** A group made only of on/off settings of the project's config. */
export function SwitchesGroup({ project, title, description, settings }: SwitchesGroupProps) {
  const { form, groupProps } = useSettingsForm(project.id, {
    title,
    initialValues: Object.fromEntries(settings.map(({ key }) => [key, project.config[key]])) as Record<BooleanConfigKey, boolean>,
    toUpdate: (values) => ({ config: Object.fromEntries(settings.map(({ key }) => [key, values[key]])) }),
  });
  return (
    <SettingsGroup {...groupProps} description={description}>
      <SwitchList form={form} settings={settings} />
    </SettingsGroup>
  );
}

export const TEAM_SETTINGS: ReadonlyArray<SwitchSetting<BooleanConfigKey>> = [
  { key: "client_team_creation_enabled", label: "Users may create teams", description: "Otherwise only your server creates teams." },
  { key: "create_team_on_sign_up", label: "A personal team for each new user", description: "Made at sign-up, with the user as its first member." },
];

export const USER_SETTINGS: ReadonlyArray<SwitchSetting<BooleanConfigKey>> = [
  { key: "client_user_deletion_enabled", label: "Users may delete their own account", description: "From account settings; otherwise only your server deletes users." },
];

export const API_KEY_SETTINGS: ReadonlyArray<SwitchSetting<BooleanConfigKey>> = [
  { key: "allow_user_api_keys", label: "User API keys", description: "Users may create keys that act as them." },
  { key: "allow_team_api_keys", label: "Team API keys", description: "Team members with the permission may create keys that act for the team." },
];
