/**
 * Prices in the catalog are decimal strings per currency ("9.99" USD); Stripe and our
 * purchases count in the currency's smallest unit (999 cents). SPEC §9 lists the currencies.
 */
import type { PriceConfig } from "../project-config/document";
import { CURRENCY_DECIMALS as DECIMALS } from "../project-config/schema";

export type Currency = keyof typeof DECIMALS;
export const CURRENCIES = Object.keys(DECIMALS) as Currency[];

/** "9.99" → 999 (USD); null when the amount has more decimals than the currency or is not a number. */
export function toMinorUnits(amount: string, currency: Currency): number | null {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const decimals = DECIMALS[currency];
  const fraction = match[2] ?? "";
  if (fraction.replace(/0+$/, "").length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + Number((fraction + "0".repeat(decimals)).slice(0, decimals) || "0");
}

/** 999 → "9.99" (USD). */
export function fromMinorUnits(units: number, currency: Currency): string {
  const decimals = DECIMALS[currency];
  if (decimals === 0) return String(units);
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(units);
  const whole = Math.floor(abs / 10 ** decimals);
  const fraction = String(abs % 10 ** decimals).padStart(decimals, "0").replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** The currency a price is charged in: the one asked for if the price has it, else the first the price has. */
export function chargeCurrency(price: PriceConfig, wanted?: string): Currency | null {
  if (wanted && isCurrency(wanted.toUpperCase()) && price[wanted.toUpperCase() as Currency] !== undefined) return wanted.toUpperCase() as Currency;
  return CURRENCIES.find((currency) => price[currency] !== undefined) ?? null;
}
