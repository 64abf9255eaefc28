/**
 * A product as its form holds it, and back: durations as a count and a unit ("" for none),
 * prices as lists of amounts. Kept apart from the form so the conversion is plain data.
 */
import { amountProblem, countProblem, displayNameProblem, idProblem } from "./catalog-rules";
import { CURRENCIES, type Currency } from "../../../lib/currencies";
import type { CustomerType, Duration, DurationUnit, ItemExpiry, PriceConfig, ProductConfig } from "./catalog-types";

export interface DurationValue {
  count: number | string;
  /** "" when there is none. */
  unit: DurationUnit | "";
}

export interface PriceValue {
  id: string;
  amounts: { currency: Currency; amount: string }[];
  interval: DurationValue;
  freeTrial: DurationValue;
  serverOnly: boolean;
}

export interface IncludedItemValue {
  itemId: string;
  quantity: number | string;
  repeat: DurationValue;
  expires: ItemExpiry;
}

export interface ProductValues {
  id: string;
  displayName: string;
  productLineId: string | null;
  customerType: CustomerType;
  addOnTo: string[];
  stackable: boolean;
  serverOnly: boolean;
  freeTrial: DurationValue;
  /** Free: `prices: "include-by-default"`. */
  includedByDefault: boolean;
  prices: PriceValue[];
  includedItems: IncludedItemValue[];
}

const noDuration = (): DurationValue => ({ count: 1, unit: "" });
const durationValue = (duration: Duration | undefined): DurationValue => (duration ? { count: duration[0], unit: duration[1] } : noDuration());
const toDuration = (value: DurationValue): Duration | undefined => (value.unit === "" ? undefined : [Number(value.count), value.unit]);

export function newPrice(id = "monthly"): PriceValue {
  return { id, amounts: [{ currency: "USD", amount: "" }], interval: { count: 1, unit: "month" }, freeTrial: noDuration(), serverOnly: false };
}

export function productValues(id: string, product: ProductConfig | null): ProductValues {
  const prices = product?.prices;
  return {
    id,
    displayName: product?.displayName ?? "",
    productLineId: product?.productLineId ?? null,
    customerType: product?.customerType ?? "user",
    addOnTo: Object.keys(product?.isAddOnTo || {}),
    stackable: product?.stackable ?? false,
    serverOnly: product?.serverOnly ?? false,
    freeTrial: durationValue(product?.freeTrial),
    includedByDefault: prices === "include-by-default",
    prices:
      product === null
        ? [newPrice()]
        : prices && prices !== "include-by-default"
          ? Object.entries(prices).map(([priceId, price]) => ({
              id: priceId,
              amounts: CURRENCIES.filter((currency) => price[currency] !== undefined).map((currency) => ({ currency, amount: price[currency] ?? "" })),
              interval: durationValue(price.interval),
              freeTrial: durationValue(price.freeTrial),
              serverOnly: price.serverOnly ?? false,
            }))
          : [],
    includedItems: Object.entries(product?.includedItems ?? {}).map(([itemId, included]) => ({
      itemId,
      quantity: included.quantity ?? 0,
      repeat: included.repeat && included.repeat !== "never" ? durationValue(included.repeat) : noDuration(),
      expires: included.expires ?? "never",
    })),
  };
}

/** The product as the configuration document holds it: absent fields left out, not written as empty. */
export function toProductConfig(values: ProductValues): ProductConfig {
  const product: ProductConfig = { customerType: values.customerType };
  if (values.displayName.trim()) product.displayName = values.displayName.trim();
  if (values.productLineId) product.productLineId = values.productLineId;
  if (values.addOnTo.length > 0) product.isAddOnTo = Object.fromEntries(values.addOnTo.map((id) => [id, true as const]));
  if (values.stackable) product.stackable = true;
  if (values.serverOnly) product.serverOnly = true;
  const trial = toDuration(values.freeTrial);
  if (trial) product.freeTrial = trial;
  if (values.includedByDefault) product.prices = "include-by-default";
  else
    product.prices = Object.fromEntries(
      values.prices.map((price) => {
        const config: PriceConfig = Object.fromEntries(price.amounts.map(({ currency, amount }) => [currency, amount.trim()]));
        const interval = toDuration(price.interval);
        if (interval) config.interval = interval;
        const priceTrial = toDuration(price.freeTrial);
        if (priceTrial) config.freeTrial = priceTrial;
        if (price.serverOnly) config.serverOnly = true;
        return [price.id.trim(), config];
      }),
    );
  if (values.includedItems.length > 0) {
    product.includedItems = Object.fromEntries(
      values.includedItems.map((included) => {
        const repeat = toDuration(included.repeat);
        return [included.itemId, { quantity: Number(included.quantity), repeat: repeat ?? "never", expires: included.expires }];
      }),
    );
  }
  return product;
}

function durationProblems(errors: Record<string, string>, path: string, value: DurationValue) {
  if (value.unit === "") return;
  const problem = countProblem(value.count);
  if (problem) errors[`${path}.count`] = problem;
}

/** Every problem of the form, by field path; empty when it may be saved. `takenIds`: other products' ids (when adding). */
export function productProblems(values: ProductValues, takenIds: readonly string[], adding: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const id = adding ? idProblem(values.id, "product", takenIds) : null;
  if (id) errors.id = id;
  const name = displayNameProblem(values.displayName);
  if (name) errors.displayName = name;
  if (values.addOnTo.includes(values.id.trim())) errors.addOnTo = "A product cannot be an add-on of itself.";
  durationProblems(errors, "freeTrial", values.freeTrial);
  if (!values.includedByDefault) {
    if (values.prices.length === 0) errors.prices = "Add a price, or make the product free (included by default).";
    const seen = new Set<string>();
    values.prices.forEach((price, index) => {
      const path = `prices.${index}`;
      const priceId = idProblem(price.id, "price", [...seen]);
      if (priceId) errors[`${path}.id`] = priceId;
      seen.add(price.id.trim());
      if (price.amounts.length === 0) errors[`${path}.amounts`] = "A price needs at least one currency.";
      const currencies = new Set<string>();
      price.amounts.forEach(({ currency, amount }, at) => {
        const problem = currencies.has(currency) ? `${currency} is given twice.` : amountProblem(amount, currency);
        if (problem) errors[`${path}.amounts.${at}.amount`] = problem;
        currencies.add(currency);
      });
      durationProblems(errors, `${path}.interval`, price.interval);
      durationProblems(errors, `${path}.freeTrial`, price.freeTrial);
    });
  }
  const items = new Set<string>();
  values.includedItems.forEach((included, index) => {
    const path = `includedItems.${index}`;
    if (!included.itemId) errors[`${path}.itemId`] = "Choose the item.";
    else if (items.has(included.itemId)) errors[`${path}.itemId`] = "This item is included twice.";
    items.add(included.itemId);
    const quantity = countProblem(included.quantity);
    if (quantity) errors[`${path}.quantity`] = quantity;
    durationProblems(errors, `${path}.repeat`, included.repeat);
    if (included.expires === "when-repeated" && included.repeat.unit === "") errors[`${path}.expires`] = "Only an item that repeats can expire when repeated.";
  });
  return errors;
}
