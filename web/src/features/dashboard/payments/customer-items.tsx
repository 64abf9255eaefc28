import { Button, Checkbox, EmptyState, Modal, NumberInput, Stack, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconCoins } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { SettingsHeading } from "../../../components/settings-heading";
import type { PaymentsConfig } from "./catalog-types";
import type { Customer } from "./customer";
import { useCustomerItems, useUpdateItemQuantity, type CustomerItem } from "./use-customer";
import { FormActions } from "../../../components/form-actions";

const DESCRIPTION_MAX_LENGTH = 1000;

/** The catalog's items of the customer's type, each with the quantity the customer holds now. */
export function CustomerItems({ projectId, customer, payments }: { projectId: string; customer: Customer; payments: PaymentsConfig }) {
  const itemIds = Object.entries(payments.items)
    .filter(([, item]) => item.customerType === customer.type)
    .map(([id]) => id);
  const items = useCustomerItems(projectId, customer, itemIds);
  const [adjusting, setAdjusting] = useState<CustomerItem | null>(null);
  return (
    <Stack gap="md" component="section" aria-label="Items">
      <SettingsHeading order={2} title="Items" description="What the customer holds now: granted by its products, plus changes made by your server or here." />
      {items.length === 0 ? (
        <EmptyState size="sm" icon={<IconCoins aria-hidden />} withIndicatorBackground title={`No items for ${customer.type} customers`} description="Items of this customer type, defined in the catalog, show here." />
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label="Item quantities" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {item.display_name || item.id}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {item.id}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" data-testid={`quantity-${item.id}`}>
                    {item.quantity}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="default" onClick={() => setAdjusting(item)} aria-label={`Adjust ${item.display_name || item.id}`}>
                      Adjust
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={adjusting !== null} onClose={() => setAdjusting(null)} title={`Adjust ${adjusting?.display_name || adjusting?.id || ""}`} centered>
        {adjusting ? <AdjustForm projectId={projectId} customer={customer} item={adjusting} onClose={() => setAdjusting(null)} /> : null}
      </Modal>
    </Stack>
  );
}

function AdjustForm({ projectId, customer, item, onClose }: { projectId: string; customer: Customer; item: CustomerItem; onClose: () => void }) {
  const update = useUpdateItemQuantity(projectId, customer);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { delta: 1 as number | string, expiresAt: "", description: "", allowNegative: false },
    validate: {
      delta: (value) => (typeof value === "number" && Number.isInteger(value) && value !== 0 ? null : "Enter a whole number other than 0: negative takes away."),
      expiresAt: (value) => (value === "" || new Date(value).getTime() > Date.now() ? null : "Choose a moment in the future, or leave it empty."),
      description: (value) => (value.length > DESCRIPTION_MAX_LENGTH ? `Use at most ${DESCRIPTION_MAX_LENGTH} characters.` : null),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync({
        itemId: item.id,
        allowNegative: values.allowNegative,
        delta: Number(values.delta),
        expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : undefined,
        description: values.description.trim() || undefined,
      });
      notifications.show({ message: "Quantity changed.", color: "green" });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, focusFirstError);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{`Now: ${item.quantity}.`}</Text>
        <NumberInput label="Change by" name="delta" description="Positive adds, negative takes away." allowDecimal={false} data-autofocus {...form.getInputProps("delta")} />
        <TextInput label="Expires" name="expiresAt" type="datetime-local" description="Optional: when this change stops counting." {...form.getInputProps("expiresAt")} />
        <TextInput label="Description" name="description" description="Optional: why, for your records." {...form.getInputProps("description")} />
        <Checkbox label="Allow the quantity to go below zero" {...form.getInputProps("allowNegative", { type: "checkbox" })} />
        <FormActions error={error} onCancel={onClose} pending={update.isPending} submitLabel="Change quantity" />
      </Stack>
    </form>
  );
}
