import { pageLocale } from "./locale";

/** SPEC §9: the currencies prices may be given in, in this order, and the decimals each allows. */
export const CURRENCY_DECIMALS = { USD: 2, EUR: 2, GBP: 2, JPY: 0, INR: 2, AUD: 2, CAD: 2 } as const;
export type Currency = keyof typeof CURRENCY_DECIMALS;
export const CURRENCIES = Object.keys(CURRENCY_DECIMALS) as Currency[];

/**
 * An amount as the API gives it ("9.99", "-15"), in the format of the active language: "$9.99",
 * "-$15.00" in English, "9,99 $" in German; times `quantity`.
 */
export function formatMoney(amount: string, currency: string, quantity = 1, locale: string = pageLocale()): string {
  const value = Number(amount) * quantity;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}
