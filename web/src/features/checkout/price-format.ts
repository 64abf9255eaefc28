/** How the checkout page words a price: "$9.99 every month", "¥500 once", with a trial. */
import type { api } from "@gatehouse/clients/react";
import { CURRENCIES, formatMoney, type Currency } from "../../lib/currencies";

export type OfferPrice = api.ProductPrice;
export type Interval = NonNullable<OfferPrice["interval"]>;

export function every([count, unit]: Interval): string {
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** The currencies a price is given in, in the order of SPEC §9. */
export function currenciesOf(price: OfferPrice): Currency[] {
  return CURRENCIES.filter((currency) => price[currency] !== undefined);
}

/** "$9.99 every month" in `currency`; "Free" for 0 once. */
export function priceLabel(price: OfferPrice, currency: Currency, quantity = 1): string {
  const amount = price[currency] ?? "0";
  const base = formatMoney(amount, currency, quantity);
  return price.interval ? `${base} ${every(price.interval)}` : `${base} once`;
}

export function trialLabel(trial: Interval): string {
  const [count, unit] = trial;
  return `${count} ${unit}${count === 1 ? "" : "s"} free`;
}
