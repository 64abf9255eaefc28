import { Badge, Button, EmptyState, Group, NumberInput, Paper, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBox } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmAction } from "../../../components/confirm-action";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { SettingsHeading } from "../../../components/settings-heading";
import type { PaymentsConfig } from "./catalog-types";
import type { Customer } from "./customer";
import { useCancelProduct, useCustomerProducts, useGrantProduct, type CustomerProduct } from "./use-customer";

/** The products the customer holds, with a grant of a configured product and a cancel for each running subscription. */
export function CustomerProducts({ projectId, customer, payments }: { projectId: string; customer: Customer; payments: PaymentsConfig }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useCustomerProducts(projectId, customer);
  const products = data.pages.flatMap((page) => page.items);
  const cancel = useCancelProduct(projectId, customer);
  return (
    <Stack gap="md" component="section" aria-label="Products">
      <SettingsHeading order={2} title="Products" description="What the customer bought or was granted, with what it includes." />
      <GrantForm projectId={projectId} customer={customer} payments={payments} />
      {products.length === 0 ? (
        <EmptyState size="sm" icon={<IconBox aria-hidden />} withIndicatorBackground title="No products" description="The customer holds no product yet: grant one above, or let them buy one." />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Customer products">
          {products.map((held, index) => (
            <HeldProduct key={`${held.id ?? "inline"}-${held.subscription?.subscription_id ?? index}`} held={held} onCancel={() => cancel.mutateAsync(held)} />
          ))}
        </Stack>
      )}
      {hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show more products
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function HeldProduct({ held, onCancel }: { held: CustomerProduct; onCancel: () => Promise<unknown> }) {
  const name = held.product.display_name || held.id || "Product";
  const subscription = held.subscription;
  const renews = subscription?.current_period_end ? new Date(subscription.current_period_end).toLocaleDateString() : null;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={name}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={8}>
            <Text fw={600} className="break-anywhere">
              {name}
            </Text>
            <Badge variant="light">{held.type === "subscription" ? "Subscription" : "One-time"}</Badge>
            {held.quantity !== 1 ? <Badge variant="outline">{`× ${held.quantity}`}</Badge> : null}
            {subscription?.cancel_at_period_end ? (
              <Badge variant="light" color="orange">
                Ends at period end
              </Badge>
            ) : null}
          </Group>
          {held.id ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {held.id}
            </Text>
          ) : null}
          {renews ? <Text size="sm">{`${subscription?.cancel_at_period_end ? "Ends" : "Renews"} ${renews}`}</Text> : null}
        </Stack>
        {held.type === "subscription" && subscription && !subscription.cancel_at_period_end ? (
          <ConfirmAction
            trigger={(ask) => (
              <Button size="xs" variant="outline" color="red" onClick={ask} aria-label={`Cancel ${name}`}>
                Cancel
              </Button>
            )}
            title={`Cancel ${name}?`}
            confirmLabel="Cancel subscription"
            action={onCancel}
          >
            The subscription stops renewing; the customer keeps the product, and the items it includes, to the end of the period it is in.
          </ConfirmAction>
        ) : null}
      </Group>
    </Paper>
  );
}

function GrantForm({ projectId, customer, payments }: { projectId: string; customer: Customer; payments: PaymentsConfig }) {
  const grant = useGrantProduct(projectId, customer);
  const choices = Object.entries(payments.products).filter(([, product]) => (product.customerType ?? "user") === customer.type);
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const stackable = productId ? (payments.products[productId]?.stackable ?? false) : false;
  const quantityOk = typeof quantity === "number" && Number.isInteger(quantity) && quantity >= 1;
  const submit = () => {
    if (!productId || (stackable && !quantityOk)) return;
    grant.mutate(
      { productId, quantity: stackable ? Number(quantity) : undefined },
      { onSuccess: () => notifications.show({ message: "Product granted.", color: "green" }) },
    );
  };
  if (choices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {`The catalog has no product for ${customer.type} customers to grant.`}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <Select
          label="Grant a product"
          placeholder="Choose a product"
          data={choices.map(([value, product]) => ({ value, label: product.displayName || value }))}
          value={productId}
          onChange={setProductId}
          w={{ base: "100%", xs: 260 }}
        />
        {stackable ? (
          <NumberInput label="Quantity" min={1} allowDecimal={false} w={110} value={quantity} onChange={setQuantity} error={quantityOk ? null : "At least 1."} />
        ) : null}
        <Button variant="default" disabled={!productId} loading={grant.isPending} onClick={submit}>
          Grant
        </Button>
      </Group>
      <ErrorAlert message={grant.error ? errorMessage(grant.error) : null} />
    </Stack>
  );
}
