/**
 * The product a purchase is for: a configured product by id, or one given inline by the app's
 * server (the SDK's `product_inline`, read into the configuration's shape by the route). Either way
 * the purchase keeps the product as it was when the link was made.
 */
import { KnownError } from "../../errors";
import type { PriceConfig, ProductConfig } from "../project-config/document";
import type { Tenancy } from "../projects/tenancy";

export interface PurchasableProduct {
  productId: string | null;
  product: ProductConfig;
}

/**
 * The product asked for: exactly one of `product_id` and `product_inline`. A client may name
 * only configured products that are not server-only (a server-only one answers as one that
 * does not exist for it); inline products are the server's alone.
 */
export function resolvePurchasable(
  tenancy: Tenancy,
  access: "client" | "server" | "admin",
  input: { product_id?: string; product_inline?: ProductConfig },
): PurchasableProduct {
  if (input.product_id !== undefined && input.product_inline !== undefined) throw new KnownError("PRODUCT_ID_AND_INLINE");
  if (input.product_inline !== undefined && access === "client") throw new KnownError("PRODUCT_INLINE_NEEDS_SERVER");
  if (input.product_id === undefined && input.product_inline === undefined) throw new KnownError("PRODUCT_ID_OR_INLINE_REQUIRED");
  if (input.product_inline) return { productId: null, product: input.product_inline };
  const productId = input.product_id!;
  const payments = tenancy.config.payments;
  const product = Object.hasOwn(payments.products, productId) ? payments.products[productId] : undefined;
  if (!product) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: Object.hasOwn(payments.items, productId) ? "item_exists" : null });
  if (access === "client" && product.serverOnly) throw new KnownError("PRODUCT_DOES_NOT_EXIST", { product_id: productId, context: "server_only" });
  return { productId, product };
}

/** The prices a buyer may choose from; a client-facing page never sees server-only prices. */
export function purchasablePrices(product: ProductConfig): Record<string, PriceConfig> {
  if (!product.prices || product.prices === "include-by-default") return {};
  return Object.fromEntries(Object.entries(product.prices).filter(([, price]) => !price.serverOnly));
}
