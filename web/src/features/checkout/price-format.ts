/** How the checkout page words a price: "$9.99 every month", "¥500 once", with a trial. */
export type Interval = [number, "day" | "week" | "month" | "year"];

export interface OfferPrice {
  USD?: string;
  EUR?: string;
  GBP?: string;
  JPY?: string;
  INR?: string;
  AUD?: string;
  CAD?: string;
  interval?: Interval;
  free_trial?: Interval;
}

export const PRICE_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "INR", "AUD", "CAD"] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];

export function money(amount: string, currency: string, quantity = 1): string {
  const value = Number(amount) * quantity;
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

export function every([count, unit]: Interval): string {
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** The currencies a price is given in, in the order of SPEC §9. */
export function currenciesOf(price: OfferPrice): PriceCurrency[] {
  return PRICE_CURRENCIES.filter((currency) => price[currency] !== undefined);
}

/** "$9.99 every month" in `currency`; "Free" for 0 once. */
export function priceLabel(price: OfferPrice, currency: PriceCurrency, quantity = 1): string {
  const amount = price[currency] ?? "0";
  const base = money(amount, currency, quantity);
  return price.interval ? `${base} ${every(price.interval)}` : `${base} once`;
}

export function trialLabel(trial: Interval): string {
  const [count, unit] = trial;
  return `${count} ${unit}${count === 1 ? "" : "s"} free`;
}
