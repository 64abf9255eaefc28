/**
 * The checks the catalog forms make before saving (SPEC §5 "Validation rules"), mirroring the
 * server's (services/project-config/schema.ts), which stays the authority: what passes here may
 * still be refused, and then the server's message is shown.
 */
import { CURRENCY_DECIMALS, type Currency } from "../../../lib/currencies";
import type { PaymentsConfig } from "./catalog-types";

export const ID_MAX_LENGTH = 63;
export const DISPLAY_NAME_MAX_LENGTH = 256;
const ID_SHAPE = /^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/;

/** Product line, product, price and item ids: at most 63 letters, digits, underscores and hyphens, not starting with a hyphen. */
export function idProblem(value: string, what: string, taken: readonly string[] = []): string | null {
  const id = value.trim();
  if (id === "") return `Enter the ${what}'s id.`;
  if (id.length > ID_MAX_LENGTH) return `Use at most ${ID_MAX_LENGTH} characters.`;
  if (!ID_SHAPE.test(id)) return "Use letters, digits, underscores and hyphens, not starting with a hyphen.";
  if (taken.includes(id)) return `There is already a ${what} with this id.`;
  return null;
}

export function displayNameProblem(value: string): string | null {
  return value.length > DISPLAY_NAME_MAX_LENGTH ? `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters.` : null;
}

/** Money: digits, no leading zeros, at most the currency's decimals (none for JPY). */
export function amountProblem(value: string, currency: Currency): string | null {
  const amount = value.trim();
  if (amount === "") return "Enter the amount.";
  const decimals = CURRENCY_DECIMALS[currency];
  const shape = decimals === 0 ? /^(0|[1-9][0-9]*)$/ : new RegExp(`^(0|[1-9][0-9]*)(\\.[0-9]{1,${decimals}})?$`);
  if (shape.test(amount)) return null;
  return decimals === 0 ? `${currency} amounts have no decimals, such as 500.` : `Use digits with at most ${decimals} decimals and no leading zeros, such as 9.99.`;
}

/** A duration's count: a whole number, zero or more. */
export function countProblem(value: number | string): string | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? null : "Enter a whole number, 0 or more.";
}

/** What still refers to a product line, item or product, so that removing it would leave the catalog inconsistent. */
export function referencesTo(payments: PaymentsConfig, kind: "productLine" | "item" | "product", id: string): string[] {
  const users: string[] = [];
  for (const [productId, product] of Object.entries(payments.products)) {
    const name = product.displayName || productId;
    if (kind === "productLine" && product.productLineId === id) users.push(name);
    if (kind === "item" && product.includedItems && id in product.includedItems) users.push(name);
    if (kind === "product" && productId !== id && product.isAddOnTo && id in product.isAddOnTo) users.push(name);
  }
  return users;
}
