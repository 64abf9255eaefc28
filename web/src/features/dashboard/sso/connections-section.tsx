import { Badge, Button, Group, Modal, Paper, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useForm } from "@mantine/form";
import { IconPlus } from "@tabler/icons-react";
import { ConfirmAction } from "../../../components/confirm-action";
import { ErrorAlert } from "../../../components/error-alert";
import { SettingsHeading } from "../../../components/settings-heading";
import { errorMessage } from "../../../lib/error-message";
import { CopyableField } from "./copyable-field";
import { useCreateSsoConnection, useDeleteSsoConnection, useSsoConnections, useUpdateSsoConnection, type SsoConnection } from "./use-sso";

interface Props {
  projectId: string;
  teamId: string;
}

/** The team's connections to its identity provider, and what to give the provider. */
export function ConnectionsSection({ projectId, teamId }: Props) {
  const connections = useSsoConnections(projectId, teamId);
  const [adding, dialog] = useDisclosure(false);
  return (
    <Stack gap="md" component="section" aria-label="Connections">
      <Group justify="space-between" align="flex-end">
        <SettingsHeading order={2} title="Connections" description="People on the team's verified domains sign in through the first connection that is on." />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={dialog.open}>
          Add connection
        </Button>
      </Group>
      {connections.length === 0 ? (
        <Text c="dimmed" size="sm">
          The team has no connection yet.
        </Text>
      ) : (
        connections.map((connection) => <ConnectionCard key={connection.id} projectId={projectId} teamId={teamId} connection={connection} />)
      )}
      <AddConnectionModal projectId={projectId} teamId={teamId} opened={adding} onClose={dialog.close} />
    </Stack>
  );
}

function ConnectionCard({ projectId, teamId, connection }: Props & { connection: SsoConnection }) {
  const update = useUpdateSsoConnection(projectId, teamId);
  const remove = useDeleteSsoConnection(projectId, teamId);
  return (
    <Paper withBorder p="md" data-testid={`sso-connection-${connection.display_name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{connection.display_name}</Text>
            <Badge variant="light">{connection.protocol === "oidc" ? "OpenID Connect" : "SAML 2.0"}</Badge>
          </Group>
          <Group gap="sm">
            <Switch
              label="On"
              checked={connection.enabled}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ teamId, connectionId: connection.id, data: { enabled: event.currentTarget.checked } })}
            />
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="default" color="red" onClick={ask}>
                  Remove
                </Button>
              )}
              title={`Remove ${connection.display_name}?`}
              confirmLabel="Remove connection"
              action={() => remove.mutateAsync({ teamId, connectionId: connection.id })}
            >
              Its people can no longer sign in through it. Their accounts stay.
            </ConfirmAction>
          </Group>
        </Group>
        {connection.oidc ? (
          <>
            <CopyableField label="Issuer" value={connection.oidc.issuer} />
            <CopyableField label="Client ID" value={connection.oidc.client_id} />
            <CopyableField label="Redirect URI" value={connection.oidc.redirect_uri} />
          </>
        ) : null}
        {connection.saml ? (
          <>
            <CopyableField label="IdP entity ID" value={connection.saml.idp_entity_id} />
            <CopyableField label="SP entity ID" value={connection.saml.sp_entity_id} />
            <CopyableField label="ACS URL" value={connection.saml.sp_acs_url} />
            <CopyableField label="SP metadata URL" value={connection.saml.sp_metadata_url} />
          </>
        ) : null}
        <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
      </Stack>
    </Paper>
  );
}

interface FormValues {
  protocol: "oidc" | "saml";
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  metadataUrl: string;
  metadataXml: string;
}

function AddConnectionModal({ projectId, teamId, opened, onClose }: Props & { opened: boolean; onClose: () => void }) {
  const create = useCreateSsoConnection(projectId, teamId);
  const form = useForm<FormValues>({
    initialValues: { protocol: "oidc", displayName: "", issuer: "", clientId: "", clientSecret: "", metadataUrl: "", metadataXml: "" },
    validate: {
      displayName: (value) => (value.trim() ? null : "Name the connection."),
      issuer: (value, values) => (values.protocol === "oidc" && !value.trim() ? "Enter the issuer URL." : null),
      clientId: (value, values) => (values.protocol === "oidc" && !value.trim() ? "Enter the client ID." : null),
      clientSecret: (value, values) => (values.protocol === "oidc" && !value ? "Enter the client secret." : null),
      metadataXml: (value, values) => (values.protocol === "saml" && !value.trim() && !values.metadataUrl.trim() ? "Give the metadata's URL or paste it." : null),
    },
  });
  const close = () => {
    create.reset();
    form.reset();
    onClose();
  };
  const submit = (values: FormValues) => {
    const data =
      values.protocol === "oidc"
        ? { protocol: "oidc" as const, display_name: values.displayName.trim(), oidc: { issuer: values.issuer.trim(), client_id: values.clientId.trim(), client_secret: values.clientSecret } }
        : {
            protocol: "saml" as const,
            display_name: values.displayName.trim(),
            saml: values.metadataXml.trim() ? { metadata_xml: values.metadataXml.trim() } : { metadata_url: values.metadataUrl.trim() },
          };
    create.mutate({ teamId, data }, { onSuccess: close });
  };
  return (
    <Modal opened={opened} onClose={close} title="Add connection" size="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Protocol"
            data={[
              { value: "oidc", label: "OpenID Connect" },
              { value: "saml", label: "SAML 2.0" },
            ]}
            {...form.getInputProps("protocol")}
          />
          <TextInput label="Name" placeholder="Acme Okta" {...form.getInputProps("displayName")} />
          {form.values.protocol === "oidc" ? (
            <>
              <TextInput label="Issuer URL" placeholder="https://login.example.com" {...form.getInputProps("issuer")} />
              <TextInput label="Client ID" {...form.getInputProps("clientId")} />
              <PasswordInput label="Client secret" description="Stored encrypted; never shown again." {...form.getInputProps("clientSecret")} />
            </>
          ) : (
            <>
              <TextInput label="IdP metadata URL" placeholder="https://idp.example.com/metadata" {...form.getInputProps("metadataUrl")} />
              <Textarea label="Or the IdP metadata XML" autosize minRows={3} maxRows={10} {...form.getInputProps("metadataXml")} />
            </>
          )}
          <ErrorAlert message={create.error ? errorMessage(create.error) : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add connection
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
