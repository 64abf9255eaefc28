/** SPEC §9: the currencies prices may be given in, in this order, and the decimals each allows. */
export const CURRENCY_DECIMALS = { USD: 2, EUR: 2, GBP: 2, JPY: 0, INR: 2, AUD: 2, CAD: 2 } as const;
export type Currency = keyof typeof CURRENCY_DECIMALS;
export const CURRENCIES = Object.keys(CURRENCY_DECIMALS) as Currency[];

/** An amount as the API gives it ("9.99", "-15"), in the reader's format: "$9.99", "-$15.00"; times `quantity`. */
export function formatMoney(amount: string, currency: string, quantity = 1): string {
  const value = Number(amount) * quantity;
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}
