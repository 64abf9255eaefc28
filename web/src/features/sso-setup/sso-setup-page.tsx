import {
  isKnownError,
  useAddSsoPortalDomain,
  useCreateSsoPortalConnection,
  useCreateSsoPortalScimDirectory,
  useRemoveSsoPortalDomain,
  useRotateSsoPortalScimDirectoryToken,
  useSsoPortal,
  useSsoPortalConnections,
  useSsoPortalDomains,
  useSsoPortalScimDirectories,
  useSsoPortalTestSignIn,
  useSsoPortalToken,
  useStartSsoPortalTestSignIn,
  useVerifySsoPortalDomain,
  type SsoPortalConnection,
  type SsoPortalDomain,
  type SsoPortalScimToken,
} from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Container, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { FallbackProps } from "react-error-boundary";
import { Boundary, RetryableError } from "../../components/boundary";
import { CopyableValue } from "../../components/copyable-value";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard, useDocumentTitle } from "../../components/page-card";
import { ShownOnceDialog } from "../../components/shown-once-dialog";
import { errorMessage } from "../../lib/error-message";

/**
 * The self-serve SSO set-up page (`/sso-setup#token=…`): a team's administrator, holding only
 * the link a project's administrator made for them, proves the company's domain, connects its
 * identity provider, tries a sign-in and sets up SCIM, step by step.
 */
export function SsoSetupPage() {
  const { t } = useLingui();
  const token = useSsoPortalToken();
  if (!token) {
    return (
      <PageCard title={t`This set-up link is incomplete`}>
        <Text>
          <Trans>Open the whole link you were sent, or ask the project's administrator for a new one.</Trans>
        </Text>
      </PageCard>
    );
  }
  return (
    <Boundary loading={<LoadingCard title={t`Single sign-on set-up`} />} failed={(props) => <LinkFailed {...props} />}>
      <SetupSteps token={token} />
    </Boundary>
  );
}

function LinkFailed(props: FallbackProps) {
  const { t } = useLingui();
  if (isKnownError(props.error, "SSO_PORTAL_TOKEN_INVALID")) {
    return (
      <PageCard title={t`This set-up link no longer works`} announce>
        <Text>
          <Trans>It has expired or was revoked. Ask the project's administrator for a new one.</Trans>
        </Text>
      </PageCard>
    );
  }
  return (
    <PageCard title={t`Single sign-on set-up`}>
      <RetryableError {...props} />
    </PageCard>
  );
}

function SetupSteps({ token }: { token: string }) {
  const { t } = useLingui();
  const portal = useSsoPortal(token);
  const teamName = portal.team.display_name;
  const projectName = portal.project.display_name;
  useDocumentTitle(t`Set up single sign-on for ${teamName}`);
  const expires = new Date(portal.link.expires_at_millis).toLocaleDateString();
  return (
    <Container size="md" py="lg" px={0}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>
            <Trans>Set up single sign-on for {teamName}</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>
              Your people will sign in to {projectName} through your company's identity provider. This link works until {expires}.
            </Trans>
          </Text>
        </Stack>
        <Step number={1} title={t`Prove your domain`}>
          <Boundary>
            <DomainStep token={token} />
          </Boundary>
        </Step>
        <Step number={2} title={t`Connect your identity provider`}>
          <Boundary>
            <ConnectionStep token={token} />
          </Boundary>
        </Step>
        <Step number={3} title={t`Test a sign-in`}>
          <Boundary>
            <TestStep token={token} />
          </Boundary>
        </Step>
        <Step number={4} title={t`Provision users with SCIM (optional)`}>
          <Boundary>
            <ScimStep token={token} baseUrl={portal.scim_base_url} />
          </Boundary>
        </Step>
      </Stack>
    </Container>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`sso-step-${number}`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`sso-step-${number}`}>
          {number}. {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

// ---------------------------------------------------------------- 1. domain

function DomainStep({ token }: { token: string }) {
  const { t } = useLingui();
  const domains = useSsoPortalDomains(token);
  const add = useAddSsoPortalDomain(token);
  const form = useForm({ initialValues: { domain: "" }, validate: { domain: (value) => (value.trim() ? null : t`Enter your company's domain, such as example.com.`) } });
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>Add the domain of your company's e-mail addresses, publish the TXT record shown at your DNS provider, then verify it.</Trans>
      </Text>
      {domains.map((domain) => (
        <DomainCard key={domain.id} token={token} domain={domain} />
      ))}
      <form noValidate onSubmit={form.onSubmit(({ domain }) => add.mutate(domain.trim(), { onSuccess: () => form.reset() }))}>
        <Stack gap="xs">
          <Group align="flex-end" wrap="wrap">
            <TextInput label={t`Domain`} placeholder="example.com" name="domain" style={{ flex: "1 1 14rem" }} maw={420} {...form.getInputProps("domain")} />
            <Button type="submit" loading={add.isPending}>
              <Trans>Add domain</Trans>
            </Button>
          </Group>
          <ErrorAlert message={add.error ? errorMessage(add.error) : null} />
        </Stack>
      </form>
    </Stack>
  );
}

function DomainCard({ token, domain }: { token: string; domain: SsoPortalDomain }) {
  const { t } = useLingui();
  const verify = useVerifySsoPortalDomain(token);
  const remove = useRemoveSsoPortalDomain(token);
  const name = domain.domain;
  return (
    <Paper withBorder p="md" radius="sm" data-testid={`sso-domain-${domain.domain}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{domain.domain}</Text>
          {domain.verified ? (
            <Badge color="green" variant="light">
              <Trans>Verified</Trans>
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              <Trans>Not verified yet</Trans>
            </Badge>
          )}
        </Group>
        {!domain.verified && (
          <>
            <Text size="sm">
              <Trans>Add this TXT record at your DNS provider:</Trans>
            </Text>
            <Text size="sm" fw={500}>
              <Trans>Name</Trans>
            </Text>
            <CopyableValue value={domain.verification_record.name} copyLabel={t`Copy the record's name`} testId="txt-record-name" />
            <Text size="sm" fw={500}>
              <Trans>Value</Trans>
            </Text>
            <CopyableValue value={domain.verification_record.value} copyLabel={t`Copy the record's value`} testId="txt-record-value" />
            <ErrorAlert message={verify.error ? errorMessage(verify.error) : null} />
          </>
        )}
        <Group gap="xs">
          {!domain.verified && (
            <Button size="xs" onClick={() => verify.mutate(domain.id)} loading={verify.isPending}>
              <Trans>Verify {name}</Trans>
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(domain.id)} loading={remove.isPending}>
            <Trans>Remove {name}</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

// ---------------------------------------------------------------- 2. connection

function ConnectionStep({ token }: { token: string }) {
  const connections = useSsoPortalConnections(token);
  return (
    <Stack gap="md">
      {connections.map((connection) => (
        <ConnectionCard key={connection.id} connection={connection} />
      ))}
      {connections.length === 0 && <NewConnectionForm token={token} />}
    </Stack>
  );
}

function ConnectionCard({ connection }: { connection: SsoPortalConnection }) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" radius="sm" data-testid="sso-connection">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{connection.display_name}</Text>
          <Badge variant="light">{connection.protocol === "saml" ? "SAML 2.0" : "OpenID Connect"}</Badge>
        </Group>
        {connection.saml && (
          <>
            <Text size="sm">
              <Trans>Give your identity provider these values (or the metadata URL):</Trans>
            </Text>
            <Text size="sm" fw={500}>
              <Trans>SP metadata URL and entity ID</Trans>
            </Text>
            <CopyableValue value={connection.saml.sp_metadata_url} copyLabel={t`Copy the metadata URL`} testId="sp-metadata-url" />
            <Text size="sm" fw={500}>
              <Trans>Assertion Consumer Service (ACS) URL</Trans>
            </Text>
            <CopyableValue value={connection.saml.sp_acs_url} copyLabel={t`Copy the ACS URL`} />
          </>
        )}
        {connection.oidc && (
          <>
            <Text size="sm" fw={500}>
              <Trans>Redirect URI to register at your provider</Trans>
            </Text>
            <CopyableValue value={connection.oidc.redirect_uri} copyLabel={t`Copy the redirect URI`} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function NewConnectionForm({ token }: { token: string }) {
  const { t } = useLingui();
  const create = useCreateSsoPortalConnection(token);
  const [protocol, setProtocol] = useState<"saml" | "oidc">("saml");
  const form = useForm({
    initialValues: { displayName: "", metadataUrl: "", metadataXml: "", issuer: "", clientId: "", clientSecret: "" },
    validate: {
      displayName: (value) => (value.trim() ? null : t`Name the connection, such as "Okta".`),
      metadataXml: (value, values) => (protocol === "saml" && !value.trim() && !values.metadataUrl.trim() ? t`Give the metadata URL or paste the metadata XML.` : null),
      issuer: (value) => (protocol === "oidc" && !value.trim() ? t`Enter the issuer URL.` : null),
      clientId: (value) => (protocol === "oidc" && !value.trim() ? t`Enter the client ID.` : null),
      clientSecret: (value) => (protocol === "oidc" && !value.trim() ? t`Enter the client secret.` : null),
    },
  });
  const submit = form.onSubmit((values) => {
    const display_name = values.displayName.trim();
    if (protocol === "saml") {
      const saml = values.metadataXml.trim() ? { metadata_xml: values.metadataXml.trim() } : { metadata_url: values.metadataUrl.trim() };
      create.mutate({ protocol, display_name, saml });
    } else {
      create.mutate({ protocol, display_name, oidc: { issuer: values.issuer.trim(), client_id: values.clientId.trim(), client_secret: values.clientSecret } });
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <SegmentedControl
          value={protocol}
          onChange={(value) => setProtocol(value as "saml" | "oidc")}
          data={[
            { value: "saml", label: "SAML 2.0" },
            { value: "oidc", label: "OpenID Connect" },
          ]}
          aria-label={t`Protocol`}
          maw={360}
        />
        <TextInput label={t`Connection name`} placeholder="Okta" name="displayName" maw={420} {...form.getInputProps("displayName")} />
        {protocol === "saml" ? (
          <>
            <TextInput label={t`IdP metadata URL`} placeholder="https://idp.example.com/metadata" name="metadataUrl" {...form.getInputProps("metadataUrl")} />
            <Textarea label={t`Or the IdP metadata XML`} name="metadataXml" autosize minRows={3} maxRows={8} {...form.getInputProps("metadataXml")} />
          </>
        ) : (
          <>
            <TextInput label={t`Issuer URL`} placeholder="https://login.example.com" name="issuer" {...form.getInputProps("issuer")} />
            <TextInput label={t`Client ID`} name="clientId" {...form.getInputProps("clientId")} />
            <TextInput label={t`Client secret`} type="password" name="clientSecret" autoComplete="off" {...form.getInputProps("clientSecret")} />
          </>
        )}
        <ErrorAlert message={create.error ? errorMessage(create.error) : null} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            <Trans>Save connection</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------- 3. test sign-in

function TestStep({ token }: { token: string }) {
  const connections = useSsoPortalConnections(token);
  const [params] = useSearchParams();
  const testId = params.get("sso_test");
  const start = useStartSsoPortalTestSignIn(token);
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>Sign in at your identity provider as one of your people. Nobody is signed in here and no account is made: you see what your provider sent.</Trans>
      </Text>
      {testId && <TestOutcome token={token} testId={testId} />}
      {connections.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Connect your identity provider first.</Trans>
        </Text>
      ) : (
        <Group gap="xs">
          {connections.map((connection) => {
            const name = connection.display_name;
            return (
              <Button key={connection.id} variant="light" onClick={() => start.mutate(connection.id)} loading={start.isPending}>
                <Trans>Test sign-in with {name}</Trans>
              </Button>
            );
          })}
        </Group>
      )}
      <ErrorAlert message={start.error ? errorMessage(start.error) : null} />
    </Stack>
  );
}

function TestOutcome({ token, testId }: { token: string; testId: string }) {
  const { t } = useLingui();
  const query = useSsoPortalTestSignIn(token, testId);
  if (query.isPending) return <Text size="sm">{t`Reading the test's result…`}</Text>;
  if (query.error) return <ErrorAlert message={errorMessage(query.error)} />;
  const test = query.data;
  if (!test) return null;
  if (test.status === "pending") {
    return <Alert color="gray">{t`The identity provider has not answered this test.`}</Alert>;
  }
  const refusal = test.refusal?.message ?? "";
  const ok = test.status === "asserted" && test.refusal === null;
  return (
    <Alert
      color={ok ? "green" : "red"}
      icon={ok ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />}
      title={ok ? t`The test sign-in worked` : t`The test sign-in would be refused`}
      data-testid="sso-test-outcome"
      role="status"
    >
      <Stack gap={4}>
        {test.status === "asserted" && (
          <>
            <Text size="sm">
              <Trans>Subject:</Trans> <strong>{test.subject}</strong>
            </Text>
            <Text size="sm">
              <Trans>E-mail:</Trans> <strong>{test.email ?? "—"}</strong>
            </Text>
            <Text size="sm">
              <Trans>Name:</Trans> <strong>{test.name ?? "—"}</strong>
            </Text>
          </>
        )}
        {test.refusal && <Text size="sm">{refusal}</Text>}
      </Stack>
    </Alert>
  );
}

// ---------------------------------------------------------------- 4. SCIM

function ScimStep({ token, baseUrl }: { token: string; baseUrl: string }) {
  const { t } = useLingui();
  const directories = useSsoPortalScimDirectories(token);
  const create = useCreateSsoPortalScimDirectory(token);
  const rotate = useRotateSsoPortalScimDirectoryToken(token);
  const [shown, setShown] = useState<SsoPortalScimToken | null>(null);
  const directory = directories[0];
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>Your identity provider can create, update and remove your people's accounts through SCIM 2.0. Give it the base URL and a token.</Trans>
      </Text>
      <Text size="sm" fw={500}>
        <Trans>SCIM base URL</Trans>
      </Text>
      <CopyableValue value={baseUrl} copyLabel={t`Copy the SCIM base URL`} testId="scim-base-url" />
      {directory ? (
        <Group gap="xs">
          <Text size="sm">{directory.has_token ? t`A token ending in ${directory.token_hint ?? ""} is in use.` : t`The token was revoked.`}</Text>
          <Button size="xs" variant="light" loading={rotate.isPending} onClick={() => rotate.mutate(directory.id, { onSuccess: setShown })}>
            <Trans>Make a new token</Trans>
          </Button>
        </Group>
      ) : (
        <Group>
          <Button variant="light" loading={create.isPending} onClick={() => create.mutate("SCIM", { onSuccess: setShown })}>
            <Trans>Make a SCIM token</Trans>
          </Button>
        </Group>
      )}
      <ErrorAlert message={create.error ? errorMessage(create.error) : rotate.error ? errorMessage(rotate.error) : null} />
      <ShownOnceDialog
        values={shown ? [{ label: t`SCIM token`, value: shown.token, copyLabel: t`Copy token`, testId: "scim-token" }] : null}
        title={t`Your SCIM token`}
        warning={<Trans>It is shown this once; only a digest of it is kept. Make a new one if it is lost.</Trans>}
        onClose={() => setShown(null)}
      />
    </Stack>
  );
}
