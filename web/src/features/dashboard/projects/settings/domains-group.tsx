import type { api } from "@gatehouse/clients/react";
import { ActionIcon, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { domainProblem, handlerPathProblem, productionModeProblems } from "./domain-rules";
import { SettingsGroup } from "./settings-group";
import { useSettingsForm } from "./use-settings-form";

const DEFAULT_HANDLER_PATH = "/handler";

/** Where e-mails and OAuth may send users back to: the trusted domains and localhost. */
export function DomainsGroup({ project }: { project: api.AdminProject }) {
  const production = project.is_production_mode;
  // In production mode the server refuses what production mode forbids, so the form does first.
  const productionProblem = (domain: string) => (production ? (productionModeProblems({ allow_localhost: false, domains: [{ domain }] })[0] ?? null) : null);
  const { form, groupProps } = useSettingsForm(project.id, {
    title: "Domains",
    initialValues: { allow_localhost: project.config.allow_localhost, domains: project.config.domains },
    validate: {
      allow_localhost: (on) => (production && on ? "Localhost is not allowed in production mode." : null),
      domains: {
        domain: (value) => domainProblem(value) ?? productionProblem(value),
        handler_path: handlerPathProblem,
      },
    },
    toUpdate: (values) => ({ config: { allow_localhost: values.allow_localhost, domains: values.domains.map((d) => ({ domain: d.domain.trim(), handler_path: d.handler_path })) } }),
  });
  return (
    <SettingsGroup
      {...groupProps}
      description="Links in e-mails and OAuth sign-ins only lead to these domains (or to relative paths). Use * for any part of a name, as in https://*.example.com."
    >
      <Switch
        label="Allow localhost"
        name="allow_localhost"
        description="Lets development copies of the app on this computer receive users and webhooks. Turn off for production."
        {...form.getInputProps("allow_localhost", { type: "checkbox" })}
      />
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Trusted domains">
        {form.values.domains.length === 0 ? (
          <Text size="sm" c="dimmed" component="li">
            No trusted domains yet.
          </Text>
        ) : null}
        {form.values.domains.map((_, index) => (
          <Group component="li" key={form.key(`domains.${index}`)} align="flex-start" gap="xs" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                label="Domain"
                name={`domains.${index}.domain`}
                placeholder="https://app.example.com"
                {...form.getInputProps(`domains.${index}.domain`)}
              />
              <TextInput label="Handler path" name={`domains.${index}.handler_path`} {...form.getInputProps(`domains.${index}.handler_path`)} />
            </SimpleGrid>
            <ActionIcon variant="subtle" color="red" mt={26} size="lg" aria-label={`Remove ${form.values.domains[index]?.domain || "this domain"}`} onClick={() => form.removeListItem("domains", index)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem("domains", { domain: "", handler_path: DEFAULT_HANDLER_PATH })}>
          Add domain
        </Button>
      </Group>
    </SettingsGroup>
  );
}
