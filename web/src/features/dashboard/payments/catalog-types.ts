/**
 * The `payments` part of the project's configuration document (server
 * services/project-config/document.ts, SPEC §3 Item and Product), as the config API returns it.
 * Written out because the web app does not import the server (ARCHITECTURE §3).
 */
import type { Currency } from "../../../lib/currencies";

export type CustomerType = "user" | "team" | "custom";
export type DurationUnit = "day" | "week" | "month" | "year";
export type Duration = [number, DurationUnit];

export const CUSTOMER_TYPES: readonly CustomerType[] = ["user", "team", "custom"];
export const DURATION_UNITS: readonly DurationUnit[] = ["day", "week", "month", "year"];

export type PriceConfig = Partial<Record<Currency, string>> & { interval?: Duration; serverOnly?: boolean; freeTrial?: Duration };

export type ItemRepeat = "never" | Duration;
export type ItemExpiry = "never" | "when-purchase-expires" | "when-repeated";
export interface IncludedItemConfig {
  quantity?: number;
  repeat?: ItemRepeat;
  expires?: ItemExpiry;
}

export interface ProductConfig {
  displayName?: string;
  /** The product line (formerly "catalog") of which a customer holds one product at a time. */
  productLineId?: string;
  isAddOnTo?: false | Record<string, true>;
  customerType?: CustomerType;
  freeTrial?: Duration;
  serverOnly?: boolean;
  stackable?: boolean;
  prices?: "include-by-default" | Record<string, PriceConfig>;
  includedItems?: Record<string, IncludedItemConfig>;
}

export interface ItemConfig {
  displayName?: string;
  customerType?: CustomerType;
}

export interface ProductLineConfig {
  displayName?: string;
  customerType?: CustomerType;
}

export interface PaymentsConfig {
  blockNewPurchases: boolean;
  testMode: boolean;
  productLines: Record<string, ProductLineConfig>;
  items: Record<string, ItemConfig>;
  products: Record<string, ProductConfig>;
}

/** "every month", "every 2 weeks". */
export function formatEvery(duration: Duration): string {
  return duration[0] === 1 ? `every ${duration[1]}` : `every ${formatDuration(duration)}`;
}

/** "1 month", "2 weeks". */
export function formatDuration([count, unit]: Duration): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
