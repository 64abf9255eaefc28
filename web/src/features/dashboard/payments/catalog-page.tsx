import { Alert, Badge, Button, EmptyState, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBox, IconCoins, IconFolder, IconPlus } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Boundary } from "../../../components/boundary";
import { ErrorAlert } from "../../../components/error-alert";
import { useDocumentTitle } from "../../../components/page-card";
import { errorMessage } from "../../../lib/error-message";
import { SettingsHeading } from "../../account-settings/settings-heading";
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

/** "9.99 USD every month", "9 EUR once". */
export function priceSummary(price: PriceConfig): string {
  const amounts = CURRENCIES.filter((currency) => price[currency] !== undefined).map((currency) => `${price[currency]} ${currency}`);
  return `${amounts.join(" or ")} ${price.interval ? formatEvery(price.interval) : "once"}${price.freeTrial ? `, ${formatDuration(price.freeTrial)} free` : ""}`;
}

function Catalog({ projectId }: { projectId: string }) {
  const payments = usePaymentsConfig(projectId);
  const saving = useSavePayments(projectId);
  const [catalog, setCatalog] = useState<SimpleEntry | null | undefined>(undefined);
  const [item, setItem] = useState<SimpleEntry | null | undefined>(undefined);
  const [product, setProduct] = useState<{ id: string; config: ProductConfig } | null | undefined>(undefined);
  const save = async (changes: Record<string, unknown>, message: string) => {
    await saving.save(changes);
    notifications.show({ message, color: "green" });
  };
  const catalogs = Object.entries(payments.catalogs);
  const items = Object.entries(payments.items);
  const products = Object.entries(payments.products);
  return (
    <Stack gap="xl">
      <TestModeSwitch payments={payments} projectId={projectId} />

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
            badges={<Badge variant="light" color="gray">{config.customerType ?? "?"}</Badge>}
            onEdit={() => setItem({ id, ...config })}
            onRemove={() => save({ [`payments.items.${id}`]: null }, "Item removed.")}
            usedBy={referencesTo(payments, "item", id)}
          />
        ))}
      </CatalogSection>

      <CatalogSection
        title="Catalogs"
        description="Groups of products of which a customer holds one at a time, such as plans."
        addLabel="Add catalog"
        onAdd={() => setCatalog(null)}
        empty={catalogs.length === 0 ? <Empty icon={<IconFolder aria-hidden />} title="No catalogs yet" description="Products outside a catalog can be held side by side." /> : null}
      >
        {catalogs.map(([id, config]) => (
          <CatalogEntryCard
            key={id}
            id={id}
            displayName={config.displayName}
            kind="catalog"
            onEdit={() => setCatalog({ id, ...config })}
            onRemove={() => save({ [`payments.catalogs.${id}`]: null }, "Catalog removed.")}
            usedBy={referencesTo(payments, "catalog", id)}
          />
        ))}
      </CatalogSection>

      <SimpleEntryModal
        kind="catalog"
        entry={catalog}
        takenIds={Object.keys(payments.catalogs)}
        onClose={() => setCatalog(undefined)}
        onSave={({ id, displayName }) => save({ [`payments.catalogs.${id}`]: displayName ? { displayName } : {} }, "Catalog saved.")}
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

function TestModeSwitch({ projectId, payments }: { projectId: string; payments: PaymentsConfig }) {
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
  const catalog = product.catalogId ? (payments.catalogs[product.catalogId]?.displayName ?? product.catalogId) : null;
  return (
    <>
      <Badge variant="light" color="gray">
        {product.customerType ?? "?"}
      </Badge>
      {catalog ? <Badge variant="outline">{catalog}</Badge> : null}
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
            .map(([id, item]) => `${item.quantity ?? 0} × ${payments.items[id]?.displayName || id}${item.repeat && item.repeat !== "never" ? ` ${formatEvery(item.repeat)}` : ""}`)
            .join(", ")}`}
        </Text>
      ) : null}
    </Stack>
  );
}
