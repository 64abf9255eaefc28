import { z } from "@hono/zod-openapi";
import type { CustomerBilling, CustomerInvoice, PaymentMethod } from "../../services/payments/customer-reads";
import type { CustomerProductView } from "../../services/payments/products";
import type { PriceConfig, ProductConfig } from "../../services/project-config/document";
import { CURRENCY_DECIMALS, duration, money, userSpecifiedId } from "../../services/project-config/schema";

const PaymentMethodSchema = z
  .object({
    id: z.string(),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
  })
  .openapi("PaymentMethod");

export const CustomerBillingSchema = z
  .object({
    has_customer: z.boolean().openapi({ description: "Whether the customer has an account with the payment provider." }),
    default_payment_method: PaymentMethodSchema.nullable(),
  })
  .openapi("CustomerBilling");

const CURRENCIES = Object.keys(CURRENCY_DECIMALS) as (keyof typeof CURRENCY_DECIMALS)[];

/** Prices, as given: each currency's amount checked against its decimals (SPEC §5, §9). */
const PriceInputSchema = z
  .object({
    ...(Object.fromEntries(CURRENCIES.map((code) => [code, money(CURRENCY_DECIMALS[code]).optional()])) as Record<
      keyof typeof CURRENCY_DECIMALS,
      z.ZodOptional<z.ZodString>
    >),
    interval: duration.optional(),
    free_trial: duration.optional(),
  })
  .refine((p) => CURRENCIES.some((code) => p[code] !== undefined), "a price needs at least one currency");

/** Prices, as answered: what the catalog (validated when it was written) or the grant holds. */
const PriceSchema = z
  .object({
    ...(Object.fromEntries(CURRENCIES.map((code) => [code, z.string().optional()])) as Record<keyof typeof CURRENCY_DECIMALS, z.ZodOptional<z.ZodString>>),
    interval: duration.optional(),
    free_trial: duration.optional(),
  })
  .openapi("ProductPrice");

const includedItem = z.object({
  quantity: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  repeat: z.union([z.literal("never"), duration]).optional(),
  expires: z.enum(["never", "when-purchase-expires", "when-repeated"]).optional(),
});

const productFields = {
  display_name: z.string().max(256),
  customer_type: z.enum(["user", "team", "custom"]),
  free_trial: duration.optional(),
  stackable: z.boolean().optional(),
};

/** Free-form JSON an inline product carries for the app; null on configured products. */
const Metadata = z.unknown().openapi({ description: "Any JSON value; null when the product has none." });
const MetadataInput = z
  .unknown()
  .refine((v) => JSON.stringify(v ?? null).length <= 100_000, "metadata is at most 100,000 characters of JSON")
  .optional();

/** A product as the wire carries it (Stack's inline product), in a customer's list. */
export const InlineProductSchema = z
  .object({
    ...productFields,
    server_only: z.boolean(),
    prices: z.record(z.string(), PriceSchema),
    included_items: z.record(z.string(), includedItem),
    client_metadata: Metadata,
    client_read_only_metadata: Metadata,
    server_metadata: Metadata,
  })
  .openapi("InlineProduct");

/** `product_inline` of a grant: ids and amounts checked as configured products' are. */
export const InlineProductInputSchema = z
  .object({
    ...productFields,
    server_only: z.boolean().optional().openapi({ description: "True when not given." }),
    prices: z.record(userSpecifiedId, PriceInputSchema),
    included_items: z.record(userSpecifiedId, includedItem),
    client_metadata: MetadataInput,
    client_read_only_metadata: MetadataInput,
    server_metadata: MetadataInput,
  })
  .openapi("InlineProductInput");

export const CustomerProductSchema = z
  .object({
    id: z.string().nullable().openapi({ description: "The product's id in the catalog; null for an inline product." }),
    quantity: z.number().int(),
    product: InlineProductSchema,
    type: z.enum(["one_time", "subscription"]),
    subscription: z
      .object({
        subscription_id: z.string().nullable(),
        current_period_end: z.string().nullable(),
        cancel_at_period_end: z.boolean(),
        is_cancelable: z.boolean(),
      })
      .nullable(),
    switch_options: z
      .array(z.object({ product_id: z.string(), product: InlineProductSchema }))
      .optional()
      .openapi({ description: "Only for a product in a product line: the line's other products billed per period, to switch to." }),
  })
  .openapi("CustomerProduct");

export const CustomerInvoiceSchema = z
  .object({
    created_at_millis: z.number().int(),
    status: z.enum(["draft", "open", "paid", "uncollectible", "void"]).nullable(),
    amount_total: z.number().int().openapi({ description: "In the currency's smallest unit." }),
    hosted_invoice_url: z.string().nullable(),
  })
  .openapi("CustomerInvoice");

/** A paginated list of the payments area: always `is_paginated: true` with a cursor, as the SDK expects. */
export function paymentsPageSchema<T extends z.ZodType>(item: T, name: string) {
  return z.object({ items: z.array(item), is_paginated: z.literal(true), pagination: z.object({ next_cursor: z.string().nullable() }) }).openapi(name);
}

const toPaymentMethod = (m: PaymentMethod) => ({ id: m.id, brand: m.brand, last4: m.last4, exp_month: m.expMonth, exp_year: m.expYear });

export const toBilling = (b: CustomerBilling) => ({
  has_customer: b.hasCustomer,
  default_payment_method: b.defaultPaymentMethod ? toPaymentMethod(b.defaultPaymentMethod) : null,
});

function toWirePrice(p: PriceConfig) {
  const out: Record<string, unknown> = {};
  for (const code of CURRENCIES) if (p[code] !== undefined) out[code] = p[code];
  if (p.interval) out.interval = p.interval;
  if (p.freeTrial) out.free_trial = p.freeTrial;
  return out as z.infer<typeof PriceSchema>;
}

/** A configured (or stored) product in the wire's shape; metadata reads null when the product has none. */
export function toInlineProduct(p: ProductConfig): z.infer<typeof InlineProductSchema> {
  const prices = p.prices && p.prices !== "include-by-default" ? Object.fromEntries(Object.entries(p.prices).map(([id, price]) => [id, toWirePrice(price)])) : {};
  return {
    display_name: p.displayName ?? "",
    customer_type: p.customerType ?? "user",
    ...(p.freeTrial ? { free_trial: p.freeTrial } : {}),
    server_only: p.serverOnly ?? false,
    stackable: p.stackable ?? false,
    prices,
    included_items: Object.fromEntries(
      Object.entries(p.includedItems ?? {}).map(([id, inc]) => [
        id,
        { quantity: inc.quantity ?? 0, ...(inc.repeat ? { repeat: inc.repeat } : {}), ...(inc.expires ? { expires: inc.expires } : {}) },
      ]),
    ),
    client_metadata: p.clientMetadata ?? null,
    client_read_only_metadata: p.clientReadOnlyMetadata ?? null,
    server_metadata: p.serverMetadata ?? null,
  };
}

/** An inline product of a request as the configuration's product entry. */
export function fromInlineProduct(p: z.infer<typeof InlineProductInputSchema>): ProductConfig {
  return {
    displayName: p.display_name,
    customerType: p.customer_type,
    ...(p.free_trial ? { freeTrial: p.free_trial } : {}),
    serverOnly: p.server_only ?? true,
    stackable: p.stackable ?? false,
    prices: Object.fromEntries(
      Object.entries(p.prices).map(([id, price]) => {
        const { interval, free_trial, ...amounts } = price;
        return [id, { ...amounts, ...(interval ? { interval } : {}), ...(free_trial ? { freeTrial: free_trial } : {}) }];
      }),
    ),
    includedItems: Object.fromEntries(Object.entries(p.included_items).map(([id, inc]) => [id, { ...inc }])),
    ...(p.client_metadata !== undefined && p.client_metadata !== null ? { clientMetadata: p.client_metadata } : {}),
    ...(p.client_read_only_metadata !== undefined && p.client_read_only_metadata !== null ? { clientReadOnlyMetadata: p.client_read_only_metadata } : {}),
    ...(p.server_metadata !== undefined && p.server_metadata !== null ? { serverMetadata: p.server_metadata } : {}),
  };
}

/** Server-only metadata stays with server access. */
const forAccess = (product: z.infer<typeof InlineProductSchema>, access: "client" | "server" | "admin") =>
  access === "client" ? { ...product, server_metadata: null } : product;

export const toCustomerProduct = (p: CustomerProductView, access: "client" | "server" | "admin") => ({
  id: p.id,
  quantity: p.quantity,
  product: forAccess(toInlineProduct(p.product), access),
  type: p.type,
  subscription: p.subscription
    ? {
        subscription_id: p.subscription.subscriptionId,
        current_period_end: p.subscription.currentPeriodEnd?.toISOString() ?? null,
        cancel_at_period_end: p.subscription.cancelAtPeriodEnd,
        is_cancelable: p.subscription.isCancelable,
      }
    : null,
  ...(p.switchOptions ? { switch_options: p.switchOptions.map((o) => ({ product_id: o.productId, product: forAccess(toInlineProduct(o.product), access) })) } : {}),
});

export const toInvoice = (i: CustomerInvoice) => ({
  created_at_millis: i.createdAtMillis,
  status: i.status,
  amount_total: i.amountTotal,
  hosted_invoice_url: i.hostedInvoiceUrl,
});
