import type { api } from "@gatehouse/clients/react";
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { PasswordField } from "../../../../components/password-field";
import { PROVIDER_NAMES, providerName } from "../../../../lib/provider-names";
import { SettingsGroup } from "./settings-group";
import { useSettingsForm } from "./use-settings-form";

const TYPES = [
  { value: "shared", label: "Shared keys" },
  { value: "standard", label: "Your own app" },
];

type Provider = { id: string; type: "shared" | "standard"; client_id: string; client_secret: string; facebook_config_id: string; microsoft_tenant_id: string };

const toValues = (p: api.ProjectConfigOauthProvidersItem): Provider => ({
  id: p.id,
  type: p.type,
  client_id: p.client_id ?? "",
  client_secret: p.client_secret ?? "",
  facebook_config_id: p.facebook_config_id ?? "",
  microsoft_tenant_id: p.microsoft_tenant_id ?? "",
});

/** Only what applies is sent: a shared provider has no keys of its own. */
function toPatch(p: Provider): api.ProjectConfigPatchOauthProvidersItem {
  if (p.type === "shared") return { id: p.id, type: "shared" };
  return {
    id: p.id,
    type: "standard",
    client_id: p.client_id.trim(),
    client_secret: p.client_secret.trim(),
    ...(p.id === "facebook" && p.facebook_config_id.trim() ? { facebook_config_id: p.facebook_config_id.trim() } : {}),
    ...(p.id === "microsoft" && p.microsoft_tenant_id.trim() ? { microsoft_tenant_id: p.microsoft_tenant_id.trim() } : {}),
  };
}

const requiredForOwnApp = (message: string) => (value: string, values: { providers: Provider[] }, path: string) => {
  const index = Number(path.split(".")[1]);
  return values.providers[index]?.type === "standard" && value.trim() === "" ? message : null;
};

export function OAuthProvidersGroup({ project }: { project: api.AdminProject }) {
  const [adding, setAdding] = useState<string | null>(null);
  const { form, groupProps } = useSettingsForm(project.id, {
    title: "OAuth providers",
    initialValues: { providers: project.config.oauth_providers.map(toValues) },
    validate: { providers: { client_id: requiredForOwnApp("Client ID is missing"), client_secret: requiredForOwnApp("Client secret is missing") } },
    toUpdate: (values) => ({ config: { oauth_providers: values.providers.map(toPatch) } }),
  });
  const available = Object.entries(PROVIDER_NAMES)
    .filter(([id]) => !form.values.providers.some((p) => p.id === id))
    .map(([value, label]) => ({ value, label }));
  const add = (id: string | null) => {
    if (!id) return;
    form.insertListItem("providers", toValues({ id, provider_config_id: id, type: "standard" }));
    setAdding(null);
  };
  return (
    <SettingsGroup {...groupProps} description="Sign-in with another service's account. Shared keys are for trying it out; production apps use their own.">
      {form.values.providers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No OAuth providers: users sign in only with the methods above.
        </Text>
      ) : null}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="OAuth providers">
        {form.values.providers.map((provider, index) => {
          const name = providerName(provider.id);
          const field = (key: keyof Provider) => ({ name: `providers.${index}.${key}`, ...form.getInputProps(`providers.${index}.${key}`) });
          return (
            <Paper component="li" withBorder p="sm" radius="md" key={form.key(`providers.${index}`)} aria-label={name}>
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{name}</Text>
                  <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => form.removeListItem("providers", index)}>
                    Remove
                  </Button>
                </Group>
                <SegmentedControl data={TYPES} aria-label={`${name} keys`} {...form.getInputProps(`providers.${index}.type`)} />
                {provider.type === "standard" ? (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput label="Client ID" autoComplete="off" {...field("client_id")} />
                    <PasswordField label="Client secret" autoComplete="new-password" {...field("client_secret")} />
                    {provider.id === "facebook" ? <TextInput label="Facebook configuration ID" description="Optional." {...field("facebook_config_id")} /> : null}
                    {provider.id === "microsoft" ? <TextInput label="Microsoft tenant ID" description="Optional." {...field("microsoft_tenant_id")} /> : null}
                  </SimpleGrid>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {available.length > 0 ? (
        <Select label="Add a provider" placeholder="Choose a provider" data={available} value={adding} onChange={add} maw={320} />
      ) : null}
    </SettingsGroup>
  );
}
