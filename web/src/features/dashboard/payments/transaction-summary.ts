/** What a transaction's entries (a money transfer, product grants) come to, for one row of the table. */
import { formatMoney } from "../../../lib/currencies";
import type { Transaction } from "./use-transactions";

export interface TransactionSummary {
  product: string | null;
  /** "$9.99", or null when no money moved. */
  amount: string | null;
}

export function summarize(transaction: Transaction): TransactionSummary {
  let product: string | null = null;
  let amount: string | null = null;
  for (const entry of transaction.entries) {
    if (entry.type === "product_grant" && !product) {
      const shown = entry.product.display_name;
      const name = (typeof shown === "string" && shown) || entry.product_id || "Product";
      product = entry.quantity !== 1 ? `${name} × ${entry.quantity.toLocaleString()}` : name;
    }
    if (entry.type === "money_transfer" && !amount) {
      amount = Object.entries(entry.charged_amount)
        .map(([currency, value]) => formatMoney(value, currency))
        .join(" / ");
    }
  }
  return { product, amount: amount || null };
}

/** "subscription-renewal" → "Subscription renewal". */
export function typeLabel(type: string | null): string {
  if (!type) return "Other";
  const words = type.replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
