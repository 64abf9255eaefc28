import type { api } from "@gatehouse/clients/react";
import { Accordion, Button, EmptyState, Group, Stack } from "@mantine/core";
import { IconWebhook } from "@tabler/icons-react";
import { RefreshButton } from "../../../components/refresh-button";
import { DeliveryItem } from "./delivery-item";
import { useWebhookDeliveries } from "./use-webhook-deliveries";

interface DeliveryLogProps {
  projectId: string;
  endpoints: api.WebhookEndpoint[];
  /** Only this endpoint's deliveries; all when null. */
  endpointId: string | null;
}

export function DeliveryLog({ projectId, endpoints, endpointId }: DeliveryLogProps) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, refetch, isRefetching } = useWebhookDeliveries(projectId, endpointId);
  const deliveries = data.pages.flatMap((page) => page.items);
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  const refresh = <RefreshButton loading={isRefetching && !isFetchingNextPage} onRefresh={() => void refetch()} />;
  if (deliveries.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon={<IconWebhook aria-hidden />}
        withIndicatorBackground
        title="No deliveries yet"
        description="Each event sent to an endpoint appears here with every try. Test events are not logged: their answer shows on the endpoint."
      >
        <EmptyState.Actions>{refresh}</EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="flex-end">{refresh}</Group>
      <Accordion variant="separated" chevronPosition="left" aria-label="Deliveries">
        {deliveries.map((delivery) => (
          <DeliveryItem key={delivery.id} delivery={delivery} endpointUrl={urls.get(delivery.endpoint_id)} />
        ))}
      </Accordion>
      {hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show older deliveries
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
