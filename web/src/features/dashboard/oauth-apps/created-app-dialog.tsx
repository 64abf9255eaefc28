import type { api } from "@gatehouse/clients/react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";
import { CopyableValue } from "../../../components/copyable-value";

interface CreatedAppDialogProps {
  /** The app just created, with its secret if it is confidential; null when closed. */
  app: api.OAuthAppWithSecret | null;
  /** The OAuth server's issuer, which the app is configured with. */
  issuer: string;
  onClose: () => void;
}

/**
 * What an app is configured with, once it is created: its client ID and, for a confidential
 * app, its secret, which is shown here only. A public app has no secret.
 */
export function CreatedAppDialog({ app, issuer, onClose }: CreatedAppDialogProps) {
  const issuerLine = (
    <Stack gap={4}>
      <Text size="sm">Configure the app with the issuer below; OpenID and OAuth libraries find every endpoint from it.</Text>
      <CopyableValue value={issuer} copyLabel="Copy the issuer URL" />
    </Stack>
  );
  if (app?.client_secret) {
    return (
      <ShownOnceDialog
        title={`${app.display_name} is created`}
        values={[
          { label: "Client ID", value: app.client_id, copyLabel: "Copy client ID", testId: "oauth-client-id" },
          { label: "Client secret", value: app.client_secret, copyLabel: "Copy secret", testId: "oauth-client-secret" },
        ]}
        warning="This is the only time the client secret is shown: you will not see it again. Keep it on the app's server, never in a browser or a mobile app. If it is lost, rotate the secret on the app's page to get a new one."
        onClose={onClose}
      >
        {issuerLine}
      </ShownOnceDialog>
    );
  }
  return (
    <Modal opened={app !== null} onClose={onClose} title={app ? `${app.display_name} is created` : ""} centered size="lg">
      {app ? (
        <Stack gap="md">
          <Text size="sm">A public app has no secret: it proves each sign-in with PKCE. Its client ID is not secret, and stays on the app's page.</Text>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Client ID
            </Text>
            <CopyableValue value={app.client_id} copyLabel="Copy client ID" testId="oauth-client-id" />
          </Stack>
          {issuerLine}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
