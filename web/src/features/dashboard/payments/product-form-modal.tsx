import { ActionIcon, Button, Checkbox, Divider, Fieldset, Group, Modal, MultiSelect, NumberInput, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { focusFirstError } from "../../../lib/validation";
import { useSaveThenClose } from "../../../lib/use-save-then-close";
import { CURRENCIES } from "../../../lib/currencies";
import { CUSTOMER_TYPES, type PaymentsConfig, type ProductConfig } from "./catalog-types";
import { DurationField } from "./duration-field";
import { newPrice, productProblems, productValues, toProductConfig, type ProductValues } from "./product-form-values";
import { FormActions } from "../../../components/form-actions";

interface ProductFormModalProps {
  payments: PaymentsConfig;
  /** The product being changed (its id and config), null to add one, undefined when closed. */
  product: { id: string; config: ProductConfig } | null | undefined;
  onClose: () => void;
  onSave: (id: string, product: ProductConfig) => Promise<unknown>;
}

export function ProductFormModal({ product, ...props }: ProductFormModalProps) {
  return (
    <Modal opened={product !== undefined} onClose={props.onClose} title={product ? "Change the product" : "Add a product"} size="lg" centered>
      {product !== undefined ? <ProductForm key={product?.id ?? "new"} product={product} {...props} /> : null}
    </Modal>
  );
}

const EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "when-purchase-expires", label: "When the purchase ends" },
  { value: "when-repeated", label: "When granted again" },
];

function ProductForm({ payments, product, onClose, onSave }: ProductFormModalProps & { product: { id: string; config: ProductConfig } | null }) {
  const { error, saving, run } = useSaveThenClose(onClose);
  const adding = product === null;
  const form = useForm<ProductValues>({
    initialValues: productValues(product?.id ?? "", product?.config ?? null),
    validate: (values) => productProblems(values, Object.keys(payments.products), adding),
  });
  const items = Object.entries(payments.items).map(([value, item]) => ({ value, label: item.displayName ? `${item.displayName} (${value})` : value }));
  const otherProducts = Object.entries(payments.products)
    .filter(([id]) => id !== product?.id)
    .map(([value, other]) => ({ value, label: other.displayName || value }));
  const submit = form.onSubmit((values) => run(() => onSave(values.id.trim(), toProductConfig(values))), focusFirstError);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <TextInput label="Id" name="id" miw={200} description="It cannot change later." disabled={!adding} data-autofocus {...form.getInputProps("id")} />
          <TextInput label="Display name" name="displayName" miw={200} description="What buyers see." {...form.getInputProps("displayName")} />
        </Group>
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <Select label="Customer type" name="customerType" miw={200} data={CUSTOMER_TYPES.map((value) => ({ value, label: value }))} allowDeselect={false} {...form.getInputProps("customerType")} />
          <Select
            label="Product line"
            name="productLineId"
            miw={200}
            description="A customer holds one product of a product line at a time."
            placeholder="None"
            data={Object.entries(payments.productLines)
              .filter(([, line]) => (line.customerType ?? form.values.customerType) === form.values.customerType)
              .map(([value, line]) => ({ value, label: line.displayName || value }))}
            clearable
            {...form.getInputProps("productLineId")}
          />
        </Group>
        <MultiSelect label="Add-on of" name="addOnTo" description="Only holders of one of these products can buy it." data={otherProducts} clearable {...form.getInputProps("addOnTo")} />
        <Group gap="lg">
          <Switch label="Stackable" description="Bought in quantities" {...form.getInputProps("stackable", { type: "checkbox" })} />
          <Switch label="Server only" description="Granted by your server, not bought" {...form.getInputProps("serverOnly", { type: "checkbox" })} />
        </Group>
        <DurationField form={form} path="freeTrial" label="Free trial" noneLabel="No trial" />

        <Divider label="Prices" labelPosition="left" />
        <Checkbox label="Free: included by default, no prices" {...form.getInputProps("includedByDefault", { type: "checkbox" })} />
        {form.values.includedByDefault ? null : (
          <Stack gap="sm">
            {form.values.prices.map((price, index) => (
              <Fieldset key={index} legend={`Price ${price.id || index + 1}`} p="sm">
                <Stack gap="xs">
                  <Group align="flex-start" gap="xs" wrap="nowrap">
                    <TextInput label="Price id" style={{ flex: 1 }} {...form.getInputProps(`prices.${index}.id`)} />
                    <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove price ${price.id || index + 1}`} onClick={() => form.removeListItem("prices", index)}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  {price.amounts.map((_, at) => (
                    <Group key={at} align="flex-start" gap="xs" wrap="nowrap">
                      <Select label="Currency" w={100} data={CURRENCIES} allowDeselect={false} {...form.getInputProps(`prices.${index}.amounts.${at}.currency`)} />
                      <TextInput label="Amount" inputMode="decimal" placeholder="9.99" style={{ flex: 1 }} {...form.getInputProps(`prices.${index}.amounts.${at}.amount`)} />
                      <ActionIcon variant="subtle" color="gray" mt={26} aria-label="Remove this currency" onClick={() => form.removeListItem(`prices.${index}.amounts`, at)}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                  {form.errors[`prices.${index}.amounts`] ? (
                    <Text size="sm" c="red">
                      {form.errors[`prices.${index}.amounts`]}
                    </Text>
                  ) : null}
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    style={{ alignSelf: "flex-start" }}
                    onClick={() => form.insertListItem(`prices.${index}.amounts`, { currency: CURRENCIES.find((c) => !price.amounts.some((a) => a.currency === c)) ?? "USD", amount: "" })}
                  >
                    Add a currency
                  </Button>
                  <Group gap="md" align="flex-start">
                    <DurationField form={form} path={`prices.${index}.interval`} label="Billed every" noneLabel="Once" />
                    <DurationField form={form} path={`prices.${index}.freeTrial`} label="Free trial" noneLabel="No trial" />
                  </Group>
                  <Switch label="Server only: not offered to buyers" {...form.getInputProps(`prices.${index}.serverOnly`, { type: "checkbox" })} />
                </Stack>
              </Fieldset>
            ))}
            {typeof form.errors.prices === "string" ? (
              <Text size="sm" c="red">
                {form.errors.prices}
              </Text>
            ) : null}
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} style={{ alignSelf: "flex-start" }} onClick={() => form.insertListItem("prices", newPrice(`price-${form.values.prices.length + 1}`))}>
              Add a price
            </Button>
          </Stack>
        )}

        <Divider label="Included items" labelPosition="left" />
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Define items first to include quantities of them.
          </Text>
        ) : (
          <Stack gap="sm">
            {form.values.includedItems.map((included, index) => (
              <Fieldset key={index} legend={`Included item ${index + 1}`} p="sm">
                <Stack gap="xs">
                  <Group align="flex-start" gap="xs" wrap="nowrap">
                    <Select label="Item" data={items} allowDeselect={false} style={{ flex: 1 }} {...form.getInputProps(`includedItems.${index}.itemId`)} />
                    <NumberInput label="Quantity" min={0} allowDecimal={false} w={110} {...form.getInputProps(`includedItems.${index}.quantity`)} />
                    <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove included item ${included.itemId || index + 1}`} onClick={() => form.removeListItem("includedItems", index)}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <Group gap="md" align="flex-start">
                    <DurationField form={form} path={`includedItems.${index}.repeat`} label="Repeats every" noneLabel="Never" />
                    <Select label="Expires" data={EXPIRY_CHOICES} allowDeselect={false} w={210} {...form.getInputProps(`includedItems.${index}.expires`)} />
                  </Group>
                </Stack>
              </Fieldset>
            ))}
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              style={{ alignSelf: "flex-start" }}
              onClick={() => form.insertListItem("includedItems", { itemId: items.find((item) => !form.values.includedItems.some((i) => i.itemId === item.value))?.value ?? "", quantity: 1, repeat: { count: 1, unit: "" }, expires: "never" })}
            >
              Include an item
            </Button>
          </Stack>
        )}

        <FormActions error={error} onCancel={onClose} pending={saving} submitLabel={adding ? "Add product" : "Save product"} />
      </Stack>
    </form>
  );
}
