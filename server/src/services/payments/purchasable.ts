/**
 * The product a purchase is for: a catalog product by id, or one given inline by the app's
 * server (the SDK's `product_inline`, snake_case on the wire). Either way the purchase keeps
 * the product as it was when the link was made, in the catalog's own (camelCase) shape.
 */
import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import type { Duration, PriceConfig, ProductConfig } from "../project-config/document";
import type { Tenancy } from "../tenancy";
import { CURRENCIES } from "./money";

const DurationSchema = z.tuple([z.number().int().min(1).max(1000), z.enum(["day", "week", "month", "year"])]);
const MoneySchema = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/);

const InlinePriceSchema = z
  .object({
    USD: MoneySchema.optional(),
    EUR: MoneySchema.optional(),
    GBP: MoneySchema.optional(),
    JPY: MoneySchema.optional(),
    INR: MoneySchema.optional(),
    AUD: MoneySchema.optional(),
    CAD: MoneySchema.optional(),
    interval: DurationSchema.optional(),
    free_trial: DurationSchema.optional(),
  })
  .openapi("InlineProductPrice");

export const InlineProductSchema = z
  .object({
    display_name: z.string().min(1).max(256),
    customer_type: z.enum(["user", "team", "custom"]),
    free_trial: DurationSchema.optional(),
    server_only: z.boolean().default(true),
    stackable: z.boolean().default(false),
    prices: z.record(z.string().min(1).max(64), InlinePriceSchema).refine((prices) => Object.keys(prices).length <= 20, "at most 20 prices"),
    included_items: z
      .record(
        z.string().min(1).max(64),
        z.object({
          quantity: z.number().int().min(0).optional(),
          repeat: z.union([z.literal("never"), DurationSchema]).optional(),
          expires: z.enum(["never", "when-purchase-expires", "when-repeated"]).optional(),
        }),
      )
      .default({}),
  })
  .openapi("InlineProduct");

export type InlineProduct = z.infer<typeof InlineProductSchema>;

export interface PurchasableProduct {
  productId: string | null;
  product: ProductConfig;
}

export function fromInline(inline: InlineProduct): ProductConfig {
  const prices: Record<string, PriceConfig> = {};
  for (const [id, price] of Object.entries(inline.prices)) {
    const out: PriceConfig = {};
    for (const currency of CURRENCIES) if (price[currency] !== undefined) out[currency] = price[currency] as string;
    if (price.interval) out.interval = price.interval as Duration;
    if (price.free_trial) out.freeTrial = price.free_trial as Duration;
    prices[id] = out;
  }
  return {
    displayName: inline.display_name,
    customerType: inline.customer_type,
    ...(inline.free_trial ? { freeTrial: inline.free_trial as Duration } : {}),
    serverOnly: inline.server_only,
    stackable: inline.stackable,
    prices,
    includedItems: inline.included_items as ProductConfig["includedItems"],
  };
}

/** The product in the wire's snake_case shape (validate-code, transactions). */
export function toInline(product: ProductConfig) {
  const prices: Record<string, Record<string, unknown>> = {};
  if (product.prices && product.prices !== "include-by-default") {
    for (const [id, price] of Object.entries(product.prices)) {
      const out: Record<string, unknown> = {};
      for (const currency of CURRENCIES) if (price[currency] !== undefined) out[currency] = price[currency];
      if (price.interval) out.interval = price.interval;
      if (price.freeTrial) out.free_trial = price.freeTrial;
      prices[id] = out;
    }
  }
  return {
    display_name: product.displayName ?? "",
    customer_type: product.customerType ?? "user",
    ...(product.freeTrial ? { free_trial: product.freeTrial } : {}),
    server_only: product.serverOnly ?? false,
    stackable: product.stackable ?? false,
    prices,
    included_items: product.includedItems ?? {},
  };
}

/**
 * The product asked for. A client may name only catalog products that are not server-only;
 * a server-only one answers as one that does not exist for it. Inline products are the
 * server's alone.
 */
export function resolvePurchasable(
  tenancy: Tenancy,
  access: "client" | "server" | "admin",
  input: { product_id?: string; product_inline?: InlineProduct },
): PurchasableProduct {
  if ((input.product_id === undefined) === (input.product_inline === undefined)) {
    throw new KnownError("SCHEMA_ERROR", { message: "Give exactly one of product_id and product_inline." });
  }
  if (input.product_inline) {
    if (access === "client") {
      throw new KnownError("SCHEMA_ERROR", { message: "product_inline needs server access; a client names a catalog product with product_id." });
    }
    return { productId: null, product: fromInline(input.product_inline) };
  }
  const productId = input.product_id!;
  const product = Object.hasOwn(tenancy.config.payments.products, productId) ? tenancy.config.payments.products[productId] : undefined;
  if (!product) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: null });
  if (access === "client" && product.serverOnly) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: "server_only" });
  return { productId, product };
}

/** The prices a buyer may choose from; a client-facing page never sees server-only prices. */
export function purchasablePrices(product: ProductConfig): Record<string, PriceConfig> {
  if (!product.prices || product.prices === "include-by-default") return {};
  return Object.fromEntries(Object.entries(product.prices).filter(([, price]) => !price.serverOnly));
}
