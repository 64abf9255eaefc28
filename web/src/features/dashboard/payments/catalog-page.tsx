import { formatMoney } from "../../../lib/currencies";
import { Alert, Badge, Button, EmptyState, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBox, IconCoins, IconFolder, IconPlus } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Boundary } from "../../../components/boundary";
import { ErrorAlert } from "../../../components/error-alert";
import { useDocumentTitle } from "../../../components/page-card";
import { errorMessage } from "../../../lib/error-message";
import { SettingsHeading } from "../../../components/settings-heading";
import { useProjectId } from "../shell/project-context";
import { referencesTo } from "./catalog-rules";
import { CURRENCIES } from "../../../lib/currencies";
import { formatDuration, formatEvery, type PaymentsConfig, type PriceConfig, type ProductConfig } from "./catalog-types";
import { CatalogEntryCard } from "./catalog-entry-card";
import { ProductFormModal } from "./product-form-modal";
import { SimpleEntryModal, type SimpleEntry } from "./simple-entry-modal";
import { usePaymentsConfig, useSavePayments } from "./use-payments-config";

/** Payments › Catalog: what the project sells (products with prices) and meters (items), and test mode. */
export function CatalogPage() {
  useDocumentTitle("Payments catalog");
  const projectId = useProjectId();
  return (
    <Boundary>
      <Catalog projectId={projectId} />
    </Boundary>
  );
}

/** "$9.99 every month", "€9.00 once", in the reader's locale. */
export function priceSummary(price: PriceConfig): string {
  const amounts = CURRENCIES.filter((currency) => price[currency] !== undefined).map((currency) => formatMoney(String(price[currency]), currency));
  return `${amounts.join(" or ")} ${price.interval ? formatEvery(price.interval) : "once"}${price.freeTrial ? `, ${formatDuration(price.freeTrial)} free` : ""}`;
}

function Catalog({ projectId }: { projectId: string }) {
  const payments = usePaymentsConfig(projectId);
  const saving = useSavePayments(projectId);
  const [productLine, setProductLine] = useState<SimpleEntry | null | undefined>(undefined);
  const [item, setItem] = useState<SimpleEntry | null | undefined>(undefined);
  const [product, setProduct] = useState<{ id: string; config: ProductConfig } | null | undefined>(undefined);
  const save = async (changes: Record<string, unknown>, message: string) => {
    await saving.save(changes);
    notifications.show({ message, color: "green" });
  };
  const productLines = Object.entries(payments.productLines);
  const items = Object.entries(payments.items);
  const products = Object.entries(payments.products);
  return (
    <Stack gap="xl">
      <ModeSwitches payments={payments} projectId={projectId} />

      <CatalogSection
        title="Products"
        description="What customers buy or are granted: prices per currency, and the items each includes."
        addLabel="Add product"
        onAdd={() => setProduct(null)}
        empty={products.length === 0 ? <Empty icon={<IconBox aria-hidden />} title="No products yet" description="Add a product with a price to sell it, or a free one to grant it." /> : null}
      >
        {products.map(([id, config]) => (
          <CatalogEntryCard
            key={id}
            id={id}
            displayName={config.displayName}
            kind="product"
            badges={<ProductBadges payments={payments} product={config} />}
            onEdit={() => setProduct({ id, config })}
            onRemove={() => save({ [`payments.products.${id}`]: null }, "Product removed.")}
            usedBy={referencesTo(payments, "product", id)}
          >
            <ProductDetails payments={payments} product={config} />
          </CatalogEntryCard>
        ))}
      </CatalogSection>

      <CatalogSection
        title="Items"
        description="What customers hold quantities of (credits, seats): granted by products, or changed by your server."
        addLabel="Add item"
        onAdd={() => setItem(null)}
        empty={items.length === 0 ? <Empty icon={<IconCoins aria-hidden />} title="No items yet" description="Add an item to meter usage, such as credits or seats." /> : null}
      >
        {items.map(([id, config]) => (
          <CatalogEntryCard
            key={id}
            id={id}
            displayName={config.displayName}
            kind="item"
            badges={<Badge variant="light" color="gray">{config.customerType ?? "user"}</Badge>}
            onEdit={() => setItem({ id, ...config })}
            onRemove={() => save({ [`payments.items.${id}`]: null }, "Item removed.")}
            usedBy={referencesTo(payments, "item", id)}
          />
        ))}
      </CatalogSection>

      <CatalogSection
        title="Product lines"
        description="Groups of products of which a customer holds one at a time, such as plans."
        addLabel="Add product line"
        onAdd={() => setProductLine(null)}
        empty={productLines.length === 0 ? <Empty icon={<IconFolder aria-hidden />} title="No product lines yet" description="Products outside a product line can be held side by side." /> : null}
      >
        {productLines.map(([id, config]) => (
          <CatalogEntryCard
            key={id}
            id={id}
            displayName={config.displayName}
            kind="product line"
            badges={<Badge variant="light" color="gray">{config.customerType ?? "any"}</Badge>}
            onEdit={() => setProductLine({ id, ...config })}
            onRemove={() => save({ [`payments.productLines.${id}`]: null }, "Product line removed.")}
            usedBy={referencesTo(payments, "productLine", id)}
          />
        ))}
      </CatalogSection>

      <SimpleEntryModal
        kind="productLine"
        entry={productLine}
        takenIds={Object.keys(payments.productLines)}
        onClose={() => setProductLine(undefined)}
        onSave={({ id, displayName, customerType }) => save({ [`payments.productLines.${id}`]: { customerType, ...(displayName ? { displayName } : {}) } }, "Product line saved.")}
      />
      <SimpleEntryModal
        kind="item"
        entry={item}
        takenIds={Object.keys(payments.items)}
        onClose={() => setItem(undefined)}
        onSave={({ id, displayName, customerType }) => save({ [`payments.items.${id}`]: { customerType, ...(displayName ? { displayName } : {}) } }, "Item saved.")}
      />
      <ProductFormModal
        payments={payments}
        product={product}
        onClose={() => setProduct(undefined)}
        onSave={(id, config) => save({ [`payments.products.${id}`]: config }, "Product saved.")}
      />
    </Stack>
  );
}

function ModeSwitches({ projectId, payments }: { projectId: string; payments: PaymentsConfig }) {
  const saving = useSavePayments(projectId);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Switch
          label="Test mode"
          description="Purchases complete on the checkout page without Stripe and without charging anyone. Turn it off to take real payments."
          checked={payments.testMode}
          disabled={saving.isPending}
          onChange={(event) => void saving.save({ "payments.testMode": event.currentTarget.checked }).catch(() => undefined)}
        />
        <Switch
          label="Block new purchases"
          description="Checkout links, purchases and plan switches are refused; what customers hold stays, and your server can still grant."
          checked={payments.blockNewPurchases}
          disabled={saving.isPending}
          onChange={(event) => void saving.save({ "payments.blockNewPurchases": event.currentTarget.checked }).catch(() => undefined)}
        />
        {payments.testMode ? null : (
          <Alert color="yellow" variant="light">
            Live mode: checkout hands buyers over to Stripe, which needs the project's Stripe account to be set up.
          </Alert>
        )}
        <ErrorAlert message={saving.error ? errorMessage(saving.error) : null} />
      </Stack>
    </Paper>
  );
}

function CatalogSection({ title, description, addLabel, onAdd, empty, children }: { title: string; description: string; addLabel: string; onAdd: () => void; empty: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <SettingsHeading order={2} title={title} description={description} />
        </div>
        <Button style={{ flexShrink: 0 }} leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {empty ?? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={title}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

function Empty({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return <EmptyState size="sm" icon={icon} withIndicatorBackground title={title} description={description} />;
}

function ProductBadges({ payments, product }: { payments: PaymentsConfig; product: ProductConfig }) {
  const line = product.productLineId ? (payments.productLines[product.productLineId]?.displayName ?? product.productLineId) : null;
  return (
    <>
      <Badge variant="light" color="gray">
        {product.customerType ?? "user"}
      </Badge>
      {line ? <Badge variant="outline">{line}</Badge> : null}
      {product.stackable ? <Badge variant="light">Stackable</Badge> : null}
      {product.serverOnly ? <Badge variant="light" color="orange">Server only</Badge> : null}
      {product.isAddOnTo ? <Badge variant="light" color="grape">Add-on</Badge> : null}
    </>
  );
}

function ProductDetails({ payments, product }: { payments: PaymentsConfig; product: ProductConfig }) {
  const prices = product.prices === "include-by-default" ? null : Object.entries(product.prices ?? {});
  const included = Object.entries(product.includedItems ?? {});
  return (
    <Stack gap={2}>
      <Text size="sm">
        {prices === null
          ? "Free: included by default."
          : prices.length === 0
            ? "No prices."
            : prices.map(([id, price]) => `${id}: ${priceSummary(price)}`).join("; ")}
      </Text>
      {product.freeTrial ? <Text size="sm">{`Free trial: ${formatDuration(product.freeTrial)}`}</Text> : null}
      {product.isAddOnTo ? <Text size="sm">{`Add-on of ${Object.keys(product.isAddOnTo).map((id) => payments.products[id]?.displayName || id).join(", ")}`}</Text> : null}
      {included.length > 0 ? (
        <Text size="sm" c="dimmed">
          {`Includes ${included
            .map(([id, item]) => `${(item.quantity ?? 0).toLocaleString()} × ${payments.items[id]?.displayName || id}${item.repeat && item.repeat !== "never" ? ` ${formatEvery(item.repeat)}` : ""}`)
            .join(", ")}`}
        </Text>
      ) : null}
    </Stack>
  );
}
