import type { api } from "@gatehouse/clients/react";
import { NativeSelect } from "@mantine/core";
import { SettingsGroup } from "./settings-group";
import { SwitchList } from "./switch-list";
import { useSettingsForm } from "./use-settings-form";

const METHODS = [
  { key: "sign_up_enabled", label: "New users may sign up", description: "Off: only users your server creates can sign in." },
  { key: "credential_enabled", label: "E-mail and password", description: "Sign-in and sign-up with a password." },
  { key: "magic_link_enabled", label: "One-time code by e-mail", description: "A link or code sent to the user's address (magic link)." },
  { key: "passkey_enabled", label: "Passkeys", description: "Sign-in with a passkey the user has registered." },
  { key: "anonymous_sign_up_enabled", label: "Anonymous users", description: "Apps may create users without an e-mail, to upgrade later." },
] as const;

const MERGE_STRATEGIES: Array<{ value: api.ProjectConfigOauthAccountMergeStrategy; label: string }> = [
  { value: "link_method", label: "Link it to the existing user" },
  { value: "raise_error", label: "Refuse the sign-in" },
  { value: "allow_duplicates", label: "Create a second user" },
];

export function SignInGroup({ project }: { project: api.AdminProject }) {
  const { config } = project;
  const { form, groupProps } = useSettingsForm(project.id, {
    title: "Sign-in methods",
    initialValues: {
      sign_up_enabled: config.sign_up_enabled,
      credential_enabled: config.credential_enabled,
      magic_link_enabled: config.magic_link_enabled,
      passkey_enabled: config.passkey_enabled,
      anonymous_sign_up_enabled: config.anonymous_sign_up_enabled ?? true,
      oauth_account_merge_strategy: config.oauth_account_merge_strategy,
    },
    toUpdate: (values) => ({ config: values }),
  });
  return (
    <SettingsGroup {...groupProps} description="How users get in. OAuth providers have their own group below.">
      <SwitchList form={form} settings={METHODS} />
      <NativeSelect
        label="When an OAuth sign-in's e-mail belongs to an existing user"
        name="oauth_account_merge_strategy"
        data={MERGE_STRATEGIES}
        {...form.getInputProps("oauth_account_merge_strategy")}
      />
    </SettingsGroup>
  );
}
