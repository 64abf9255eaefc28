import { Badge, Button, Group, Paper, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus } from "@tabler/icons-react";
import { ConfirmAction } from "../../../components/confirm-action";
import { ErrorAlert } from "../../../components/error-alert";
import { SettingsHeading } from "../../../components/settings-heading";
import { errorMessage } from "../../../lib/error-message";
import { CopyableField } from "./copyable-field";
import { useAddSsoDomain, useRemoveSsoDomain, useSsoDomains, useUpdateSsoDomain, useVerifySsoDomain, type SsoDomain } from "./use-sso";

interface Props {
  projectId: string;
  teamId: string;
}

/** The team's domains: the TXT record that proves each, its verification, and its options. */
export function DomainsSection({ projectId, teamId }: Props) {
  const domains = useSsoDomains(projectId, teamId);
  return (
    <Stack gap="md" component="section" aria-label="Domains">
      <SettingsHeading
        order={2}
        title="Domains"
        description="Publish the TXT record shown for a domain at its DNS provider, then verify it. A domain has one verified team per project."
      />
      <AddDomainForm projectId={projectId} teamId={teamId} />
      {domains.length === 0 ? (
        <Text c="dimmed" size="sm">
          The team has no domains yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {domains.map((domain) => (
            <DomainCard key={domain.id} projectId={projectId} teamId={teamId} domain={domain} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AddDomainForm({ projectId, teamId }: Props) {
  const add = useAddSsoDomain(projectId, teamId);
  const form = useForm({ initialValues: { domain: "" }, validate: { domain: (value) => (value.trim() ? null : "Enter a domain, such as example.com.") } });
  return (
    <form noValidate onSubmit={form.onSubmit(({ domain }) => add.mutate({ teamId, data: { domain: domain.trim() } }, { onSuccess: () => form.reset() }))}>
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Domain" placeholder="example.com" name="domain" style={{ flex: "1 1 16rem" }} maw={420} {...form.getInputProps("domain")} />
          <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={add.isPending}>
            Add domain
          </Button>
        </Group>
        <ErrorAlert message={add.error ? errorMessage(add.error) : null} />
      </Stack>
    </form>
  );
}

function DomainCard({ projectId, teamId, domain }: Props & { domain: SsoDomain }) {
  const verify = useVerifySsoDomain(projectId, teamId);
  const update = useUpdateSsoDomain(projectId, teamId);
  const remove = useRemoveSsoDomain(projectId, teamId);
  const error = verify.error ?? update.error;
  return (
    <Paper withBorder p="md" data-testid={`sso-domain-${domain.domain}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{domain.domain}</Text>
            {domain.verified ? (
              <Badge color="green" variant="light">
                Verified
              </Badge>
            ) : (
              <Badge color="yellow" variant="light">
                Not verified
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {!domain.verified ? (
              <Button size="xs" onClick={() => verify.mutate({ teamId, domainId: domain.id, data: {} })} loading={verify.isPending}>
                Verify
              </Button>
            ) : null}
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="default" color="red" onClick={ask}>
                  Remove
                </Button>
              )}
              title={`Remove ${domain.domain}?`}
              confirmLabel="Remove domain"
              action={() => remove.mutateAsync({ teamId, domainId: domain.id })}
            >
              Its people no longer join the team by their address, and single sign-on stops being required for them.
            </ConfirmAction>
          </Group>
        </Group>
        {!domain.verified ? (
          <Stack gap="xs">
            <Text size="sm">
              Publish a TXT record with this name and value at the domain&apos;s DNS provider, then press Verify.
            </Text>
            <CopyableField label="Name" value={domain.verification_record.name} copyLabel="Copy the record's name" />
            <CopyableField label="Value" value={domain.verification_record.value} copyLabel="Copy the record's value" testId="sso-txt-value" />
          </Stack>
        ) : (
          <Stack gap="xs">
            <Switch
              label="Auto-join: people who sign up with a verified address on this domain join the team"
              checked={domain.auto_join}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ teamId, domainId: domain.id, data: { auto_join: event.currentTarget.checked } })}
            />
            <Switch
              label="Require single sign-on: addresses on this domain sign in through the team's connection only"
              checked={domain.require_sso}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ teamId, domainId: domain.id, data: { require_sso: event.currentTarget.checked } })}
            />
          </Stack>
        )}
        <ErrorAlert message={error ? errorMessage(error) : null} />
      </Stack>
    </Paper>
  );
}
