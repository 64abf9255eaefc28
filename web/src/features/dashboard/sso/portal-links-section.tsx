import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconLink } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert } from "../../../components/error-alert";
import { SettingsHeading } from "../../../components/settings-heading";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";
import { errorMessage } from "../../../lib/error-message";
import { useCreateSsoPortalLink, useRevokeSsoPortalLink, useSsoPortalLinks } from "./use-sso";

interface Props {
  projectId: string;
  teamId: string;
}

/**
 * Self-serve set-up links: a link the organisation's own administrator opens to verify the
 * domain, connect the identity provider, test a sign-in and set up SCIM, without this dashboard.
 */
export function PortalLinksSection({ projectId, teamId }: Props) {
  const links = useSsoPortalLinks(projectId, teamId);
  const create = useCreateSsoPortalLink(projectId, teamId);
  const revoke = useRevokeSsoPortalLink(projectId, teamId);
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Stack gap="md" component="section" aria-label="Set-up links">
      <SettingsHeading
        order={2}
        title="Set-up links"
        description="Send the organisation's administrator a link to set up its domain, identity provider and SCIM themselves. A link works for 7 days, for this team only."
      />
      <Group>
        <Button leftSection={<IconLink size={16} aria-hidden />} loading={create.isPending} onClick={() => create.mutate({ teamId, data: {} }, { onSuccess: (made) => setUrl(made.url) })}>
          Create set-up link
        </Button>
      </Group>
      <ErrorAlert message={create.error ? errorMessage(create.error) : revoke.error ? errorMessage(revoke.error) : null} />
      {links.length === 0 ? (
        <Text c="dimmed" size="sm">
          No set-up links yet.
        </Text>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Link</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.map((link) => (
                  <Table.Tr key={link.id}>
                    <Table.Td>…{link.token_hint}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={link.status === "active" ? "green" : "gray"}>
                        {link.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{new Date(link.expires_at_millis).toLocaleString()}</Table.Td>
                    <Table.Td>
                      {link.status === "active" && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => revoke.mutate({ teamId, linkId: link.id })} aria-label={`Revoke the link ending in ${link.token_hint}`}>
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ShownOnceDialog
        values={url ? [{ label: "Set-up link", value: url, copyLabel: "Copy link", testId: "sso-portal-url" }] : null}
        title="Set-up link"
        warning="It is shown this once; only a digest of its token is kept. Send it to the organisation's administrator over a channel you trust."
        onClose={() => setUrl(null)}
      />
    </Stack>
  );
}
