import type { api } from "@gatehouse/clients/react";
import { Button, EmptyState, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus, IconWebhook } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { ShownOnceDialog } from "../../../components/shown-once-dialog";
import { SettingsHeading } from "../../../components/settings-heading";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { DeliveryLog } from "./delivery-log";
import { EndpointCard } from "./endpoint-card";
import { EndpointFormModal } from "./endpoint-form-modal";
import { useWebhookEndpoints } from "./use-webhook-endpoints";

/** The delivery log's filter lives in the address (`?endpoint=<id>`), so that it can be linked to. */
const ENDPOINT_PARAM = "endpoint";

/**
 * The project's webhook endpoints and the log of what was sent to them. Gatehouse keeps its own
 * delivery log, so there is no Svix portal (`POST /webhooks/svix-token` is not offered).
 */
export function WebhooksPage() {
  useDocumentTitle("Webhooks");
  const projectId = useProjectId();
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Webhooks
        </Title>
        <Text c="dimmed">Your servers hear about changes to users, teams and permissions as they happen, in signed requests.</Text>
      </Stack>
      <Boundary>
        <Webhooks projectId={projectId} />
      </Boundary>
    </Stack>
  );
}

function Webhooks({ projectId }: { projectId: string }) {
  const endpoints = useWebhookEndpoints(projectId);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get(ENDPOINT_PARAM);
  const [editing, setEditing] = useState<api.WebhookEndpoint | null>(null);
  const [formOpened, formModal] = useDisclosure(false);
  // A secret lives here only while its dialog is open.
  const [secret, setSecret] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const openForm = (endpoint: api.WebhookEndpoint | null) => {
    setEditing(endpoint);
    formModal.open();
  };
  const deliveriesHref = (endpointId: string) => `${dashboardPath(projectId, "webhooks")}?${ENDPOINT_PARAM}=${encodeURIComponent(endpointId)}#deliveries`;
  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-label="Endpoints">
        <Group justify="space-between" align="flex-end">
          <SettingsHeading order={2} title="Endpoints" description="Where events are sent. Each endpoint signs its requests with its own secret." />
          <Button ref={addButton} leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm(null)}>
            Add endpoint
          </Button>
        </Group>
        {endpoints.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<IconWebhook aria-hidden />}
            withIndicatorBackground
            title="No endpoints yet"
            description="Add the address of a server that should hear about new users, team changes and permissions."
          />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Webhook endpoints">
            {endpoints.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                projectId={projectId}
                endpoint={endpoint}
                onEdit={() => openForm(endpoint)}
                onSecret={setSecret}
                deliveriesHref={deliveriesHref(endpoint.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="md" component="section" aria-label="Delivery log" id="deliveries">
        <Group justify="space-between" align="flex-end">
          <SettingsHeading order={2} title="Delivery log" description="Every event sent, newest first, with each try and what the endpoint answered." />
          <Select
            label="Endpoint"
            value={filter ?? ""}
            data={[{ value: "", label: "All endpoints" }, ...endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.description || endpoint.url }))]}
            allowDeselect={false}
            onChange={(value) => setSearchParams(value ? { [ENDPOINT_PARAM]: value } : {}, { replace: true })}
            w={{ base: "100%", xs: 260 }}
          />
        </Group>
        <Boundary>
          <DeliveryLog projectId={projectId} endpoints={endpoints} endpointId={filter} />
        </Boundary>
      </Stack>
      <EndpointFormModal
        projectId={projectId}
        endpoint={editing}
        opened={formOpened}
        onClose={formModal.close}
        onCreated={(created) => {
          formModal.close();
          setSecret(created.secret);
        }}
      />
      <ShownOnceDialog
        title="The endpoint's signing secret"
        values={secret ? [{ label: "Signing secret", value: secret, copyLabel: "Copy secret", testId: "webhook-secret" }] : null}
        warning="Your receiver checks each request's signature with this secret (any Standard Webhooks library, such as svix). It is shown only this once; if it is lost, rotate the secret to get a new one."
        onClose={() => {
          setSecret(null);
          addButton.current?.focus();
        }}
      />
    </Stack>
  );
}
