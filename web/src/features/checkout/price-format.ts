/** How the checkout page words a price: "$9.99 every month", "¥500 once", with a trial; in the active language. */
import type { api } from "@gatehouse/clients/react";
import { plural, t } from "@lingui/core/macro";
import { CURRENCIES, formatMoney, type Currency } from "../../lib/currencies";

export type OfferPrice = api.ProductPrice;
export type Interval = NonNullable<OfferPrice["interval"]>;

/** "every month", "every 3 months". */
export function every([count, unit]: Interval): string {
  switch (unit) {
    case "day":
      return t`${plural(count, { one: "every day", other: "every # days" })}`;
    case "week":
      return t`${plural(count, { one: "every week", other: "every # weeks" })}`;
    case "month":
      return t`${plural(count, { one: "every month", other: "every # months" })}`;
    case "year":
      return t`${plural(count, { one: "every year", other: "every # years" })}`;
  }
}

/** The currencies a price is given in, in the order of SPEC §9. */
export function currenciesOf(price: OfferPrice): Currency[] {
  return CURRENCIES.filter((currency) => price[currency] !== undefined);
}

/** "$9.99 every month" in `currency`; "$5.00 once". */
export function priceLabel(price: OfferPrice, currency: Currency, quantity = 1): string {
  const amount = formatMoney(price[currency] ?? "0", currency, quantity);
  if (!price.interval) return t`${amount} once`;
  const period = every(price.interval);
  return t`${amount} ${period}`;
}

/** "14 days free", "1 month free". */
export function trialLabel([count, unit]: Interval): string {
  switch (unit) {
    case "day":
      return t`${plural(count, { one: "# day free", other: "# days free" })}`;
    case "week":
      return t`${plural(count, { one: "# week free", other: "# weeks free" })}`;
    case "month":
      return t`${plural(count, { one: "# month free", other: "# months free" })}`;
    case "year":
      return t`${plural(count, { one: "# year free", other: "# years free" })}`;
  }
}
