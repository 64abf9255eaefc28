import { isKnownError } from "@gatehouse/clients/react";
import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconApps, IconArrowLeft } from "@tabler/icons-react";
import { useState } from "react";
import type { FallbackProps } from "react-error-boundary";
import { Link, useNavigate, useParams } from "react-router";
import { Boundary, RetryableError } from "../../../components/boundary";
import { ConfirmAction } from "../../../components/confirm-action";
import { ErrorAlert } from "../../../components/error-alert";
import { useDocumentTitle } from "../../../components/page-card";
import { RelativeTime } from "../../../components/relative-time";
import { SettingsHeading } from "../../../components/settings-heading";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { AppFields } from "./app-fields";
import { initialAppValues, updateBody, validateApp, type AppFormValues } from "./app-form";
import { TYPE_DESCRIPTIONS, TYPE_LABELS } from "./app-labels";
import { CopyableValue } from "../../../components/copyable-value";
import { useDeleteOAuthApp, useOAuthApp, useRotateOAuthAppSecret, useUpdateOAuthApp, type OAuthApp } from "./use-oauth-apps";

const SECRET_METHODS: Record<string, string> = {
  client_secret_basic: "HTTP Basic authentication (client_secret_basic)",
  client_secret_post: "in the request body (client_secret_post)",
};

/** One OAuth app, at `oauth-apps/<client id>`: its credentials, its settings, and its removal. */
export function AppDetailPage() {
  const { clientId = "" } = useParams();
  const projectId = useProjectId();
  const back = dashboardPath(projectId, "oauth-apps");
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          All OAuth apps
        </Group>
      </Anchor>
      <Boundary failed={(props) => <AppFailed {...props} back={back} />}>
        <AppDetail projectId={projectId} clientId={clientId} back={back} />
      </Boundary>
    </Stack>
  );
}

function AppDetail({ projectId, clientId, back }: { projectId: string; clientId: string; back: string }) {
  const app = useOAuthApp(projectId, clientId);
  useDocumentTitle(app.display_name);
  return (
    <Stack gap="lg">
      <AppHeader app={app} />
      <CredentialsSection projectId={projectId} app={app} />
      {/* Keyed by what the form edits: once saved (or changed elsewhere), the form starts from the app as it now is. */}
      <SettingsSection key={JSON.stringify(updateBody(initialAppValues(app)))} projectId={projectId} app={app} />
      <DeleteSection projectId={projectId} app={app} back={back} />
    </Stack>
  );
}

function AppHeader({ app }: { app: OAuthApp }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Avatar src={app.logo_url} alt="" radius="md" size="lg" color="blue" style={{ flexShrink: 0 }}>
        <IconApps size={26} aria-hidden />
      </Avatar>
      <Stack gap={6} miw={0}>
        <Title order={1} size="h2" className="break-anywhere">
          {app.display_name}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color={app.type === "confidential" ? "blue" : "grape"}>
            {TYPE_LABELS[app.type]}
          </Badge>
          <Badge variant="light" color="gray">
            {app.registered_by === "dynamic" ? "Self-registered" : "Added by an admin"}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Created <RelativeTime millis={app.created_at_millis} />
          {app.homepage_url ? (
            <>
              {" · "}
              <Anchor href={app.homepage_url} target="_blank" rel="noreferrer" size="sm" className="break-anywhere">
                {app.homepage_url}
              </Anchor>
            </>
          ) : null}
        </Text>
      </Stack>
    </Group>
  );
}

function CredentialsSection({ projectId, app }: { projectId: string; app: OAuthApp }) {
  const rotate = useRotateOAuthAppSecret(projectId);
  // The new secret lives here only while its dialog is open.
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label="Credentials">
      <Stack gap="md">
        <SettingsHeading order={2} title="Credentials" description={TYPE_DESCRIPTIONS[app.type]} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Client ID
          </Text>
          <CopyableValue value={app.client_id} copyLabel="Copy client ID" testId="oauth-client-id" />
        </Stack>
        {app.type === "confidential" ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" fw={500}>
              Client secret
            </Text>
            <Text size="sm">
              {app.secret_created_at_millis ? (
                <>
                  Made <RelativeTime millis={app.secret_created_at_millis} />
                </>
              ) : (
                "Made when the app was created"
              )}
              {`; the app sends it by ${SECRET_METHODS[app.token_endpoint_auth_method] ?? app.token_endpoint_auth_method}. It is never shown again.`}
            </Text>
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="default" onClick={ask}>
                  Rotate secret
                </Button>
              )}
              title={`Give ${app.display_name} a new secret?`}
              confirmLabel="Rotate secret"
              action={async () => setSecret((await rotate.mutateAsync({ clientId: app.client_id })).client_secret)}
            >
              {`The current secret stops working at once: ${app.display_name} must use the new one, shown next, to get tokens. Tokens it already has keep working until they expire.`}
            </ConfirmAction>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            A public app has no secret: it proves each sign-in with PKCE.
          </Text>
        )}
      </Stack>
      <ShownOnceDialog
        title={`The new secret of ${app.display_name}`}
        values={secret ? [{ label: "Client secret", value: secret, copyLabel: "Copy secret", testId: "oauth-client-secret" }] : null}
        warning="This is the only time the new secret is shown: you will not see it again. The old one has stopped working; put this one in the app's server configuration."
        onClose={() => setSecret(null)}
      />
    </Paper>
  );
}

function SettingsSection({ projectId, app }: { projectId: string; app: OAuthApp }) {
  const update = useUpdateOAuthApp(projectId);
  const form = useForm<AppFormValues>({ initialValues: initialAppValues(app), validate: validateApp });
  const save = (values: AppFormValues) =>
    update.mutate(
      { clientId: app.client_id, data: updateBody(values) },
      { onSuccess: (saved) => notifications.show({ message: `${saved.display_name} is saved.`, color: "green" }) },
    );
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label="Settings">
      <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
        <Stack gap="md">
          <SettingsHeading order={2} title="Settings" description={`What ${app.display_name} may do, and where users go back to it.`} />
          <AppFields form={form} isNew={false} />
          <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DeleteSection({ projectId, app, back }: { projectId: string; app: OAuthApp; back: string }) {
  const remove = useDeleteOAuthApp(projectId);
  const navigate = useNavigate();
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label="Delete the app" style={{ borderColor: "var(--mantine-color-red-outline)" }}>
      <Stack gap="md" align="flex-start">
        <SettingsHeading order={2} title="Delete the app" description={
            app.registered_by === "dynamic"
              ? "Deleting cannot be undone; while apps may register themselves, it can register again as a new app."
              : "Deleting cannot be undone."
          } />
        <ConfirmAction
          trigger={(ask) => (
            <Button color="red" variant="outline" onClick={ask}>
              Delete app
            </Button>
          )}
          title={`Delete ${app.display_name}?`}
          confirmLabel="Delete app"
          action={() => remove.mutateAsync({ clientId: app.client_id })}
          onDone={() => {
            notifications.show({ message: `${app.display_name} is deleted.`, color: "green" });
            void navigate(back);
          }}
        >
          {`Its users' tokens stop working at once, and what they allowed it is forgotten: ${app.display_name} can no longer sign anyone in or call your APIs. Its client ID and secret stop working.`}
        </ConfirmAction>
      </Stack>
    </Paper>
  );
}

function AppFailed({ back, ...props }: FallbackProps & { back: string }) {
  if (!isKnownError(props.error, "OAUTH_APP_NOT_FOUND")) return <RetryableError {...props} />;
  return <AppNotFound back={back} />;
}

function AppNotFound({ back }: { back: string }) {
  useDocumentTitle("OAuth app not found");
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1} size="h2">
        OAuth app not found
      </Title>
      <Text>This project has no OAuth app with this client ID: it may have been deleted.</Text>
      <Button component={Link} to={back}>
        All OAuth apps
      </Button>
    </Stack>
  );
}
