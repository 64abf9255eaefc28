/**
 * What a transaction's entries (Stack Auth's shape: a money transfer, product grants, item
 * quantity changes...) come to, for one row of the table.
 */
import type { Transaction } from "./use-transactions";

export interface TransactionSummary {
  customer: { type: string; id: string } | null;
  product: string | null;
  /** "9.99 USD", or null when no money moved. */
  amount: string | null;
  /** "+100 credits" for each item change. */
  items: string[];
}

export function summarize(transaction: Transaction): TransactionSummary {
  let customer: TransactionSummary["customer"] = null;
  let product: string | null = null;
  let amount: string | null = null;
  const items: string[] = [];
  for (const entry of transaction.entries) {
    if ("customer_type" in entry && entry.customer_type && entry.customer_id && !customer) customer = { type: entry.customer_type, id: entry.customer_id };
    if (entry.type === "product_grant" && !product) {
      const name = entry.product?.display_name || entry.product_id || "Product";
      product = entry.quantity && entry.quantity !== 1 ? `${name} × ${entry.quantity}` : name;
    }
    if (entry.type === "money_transfer" && entry.charged_amount && !amount) {
      amount = Object.entries(entry.charged_amount)
        .filter(([, value]) => typeof value === "string")
        .map(([currency, value]) => `${value} ${currency}`)
        .join(" / ");
    }
    if (entry.type === "item_quantity_change" && entry.item_id) items.push(`${(entry.quantity ?? 0) > 0 ? "+" : ""}${entry.quantity ?? 0} ${entry.item_id}`);
  }
  return { customer, product, amount, items };
}

/** "subscription-renewal" → "Subscription renewal". */
export function typeLabel(type: string | null): string {
  if (!type) return "Other";
  const words = type.replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
