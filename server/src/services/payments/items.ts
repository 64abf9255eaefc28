/**
 * Items (SPEC §3 "Item"): what a customer has of a metered thing. The quantity is
 *
 *   the sum of the item's quantity changes that have not expired
 * + what the customer's products include (include-by-default products the customer holds
 *   without a grant count once): for each grant including the item, its quantity
 *   times the grant's quantity, granted again every `repeat` period since the grant; of
 *   those, `expires: "when-repeated"` keeps only the latest, `"when-purchase-expires"` keeps
 *   them while the grant is held, `"never"` keeps every one granted before the grant ended.
 *
 * A change is written under a lock of the customer's item, by the statement that reads the
 * sum of the changes, so parallel decrements cannot both spend the same units. Every function takes
 * `now`, so tests can move the clock.
 */
import type { Queryable } from "../../db/db";
import { insertItemChangeIfCovered, listGrants, lockCustomerItem, sumItemChanges, type GrantRow } from "../../db/queries/payments";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { Duration, PaymentsConfig, ProductConfig } from "../project-config/document";
import type { Customer } from "./customers";
import { defaultGrants, isHeld } from "./grants";

export interface ItemRead {
  id: string;
  displayName: string;
  quantity: number;
}

/** The item's configuration entry, once it exists and is for this customer type. */
export function catalogItem(payments: PaymentsConfig, customer: Customer, itemId: string): { displayName: string } {
  const item = Object.prototype.hasOwnProperty.call(payments.items, itemId) ? payments.items[itemId] : undefined;
  if (!item) throw new KnownError("ITEM_NOT_FOUND", { item_id: itemId });
  // An item without a customer type is for users, as in Stack Auth.
  if ((item.customerType ?? "user") !== customer.type) {
    throw new KnownError("ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      item_id: itemId,
      customer_id: customer.id,
      item_customer_type: item.customerType ?? "user",
      actual_customer_type: customer.type,
    });
  }
  return { displayName: item.displayName ?? itemId };
}

/** `date` moved forward by `times` durations, in UTC calendar units. */
export function addDuration(date: Date, [count, unit]: Duration, times = 1): Date {
  const d = new Date(date.getTime());
  const n = count * times;
  switch (unit) {
    case "day":
      d.setUTCDate(d.getUTCDate() + n);
      break;
    case "week":
      d.setUTCDate(d.getUTCDate() + 7 * n);
      break;
    case "month":
      d.setUTCMonth(d.getUTCMonth() + n);
      break;
    case "year":
      d.setUTCFullYear(d.getUTCFullYear() + n);
      break;
  }
  return d;
}

/** How many times an included item has been granted by `until`: once at the start, then once per repeat period. */
function occurrences(start: Date, repeat: "never" | Duration | undefined, until: Date): number {
  if (until < start) return 0;
  if (!repeat || repeat === "never" || repeat[0] <= 0) return 1;
  let k = 1;
  // Bounded: a daily repeat over a century is ~36,500 steps.
  while (k < 100_000 && addDuration(start, repeat, k) <= until) k++;
  return k;
}

/** What one grant includes of the item at `now`. */
export function includedQuantity(grant: GrantRow, itemId: string, now: Date): number {
  const included = (grant.product as ProductConfig).includedItems?.[itemId];
  if (!included || grant.createdAt > now) return 0;
  const each = (included.quantity ?? 0) * grant.quantity;
  if (each === 0) return 0;
  const held = isHeld(grant, now);
  const expires = included.expires ?? "never";
  if (expires === "never") {
    // Kept after the grant ends, but nothing more is granted once it has.
    const until = grant.endedAt && grant.endedAt <= now ? new Date(grant.endedAt.getTime() - 1) : now;
    if (!held && !grant.endedAt) return 0;
    return occurrences(grant.createdAt, included.repeat, until) * each;
  }
  if (!held) return 0;
  if (expires === "when-repeated") return each;
  return occurrences(grant.createdAt, included.repeat, now) * each;
}

/** What the customer's products include of the item at `now`: its grants (held or ended) and the include-by-default products it holds without one. */
export function includedByProducts(grants: GrantRow[], payments: PaymentsConfig, customer: Customer, itemId: string, now: Date): number {
  const held = grants.filter((g) => isHeld(g, now));
  return [...grants, ...defaultGrants(payments, customer, held, now)].reduce((sum, g) => sum + includedQuantity(g, itemId, now), 0);
}

/** The customer's quantity of the item at `now` (may be negative after an allowed negative change). */
export async function itemQuantity(q: Queryable, tenant: Tenant, payments: PaymentsConfig, customer: Customer, itemId: string, now: Date): Promise<number> {
  const [changes, grants] = await Promise.all([sumItemChanges(q, tenant, customer, itemId, now), listGrants(q, tenant, customer)]);
  return changes + includedByProducts(grants, payments, customer, itemId, now);
}

export async function getItem(q: Queryable, tenant: Tenant, payments: PaymentsConfig, customer: Customer, itemId: string, now = new Date()): Promise<ItemRead> {
  const { displayName } = catalogItem(payments, customer, itemId);
  return { id: itemId, displayName, quantity: await itemQuantity(q, tenant, payments, customer, itemId, now) };
}

export interface QuantityChange {
  delta: number;
  expiresAt?: Date | null;
  description?: string | null;
  /** Let the quantity go below zero. */
  allowNegative: boolean;
}

/**
 * Adds a quantity change in its own transaction under the item's lock; refuses with
 * ITEM_QUANTITY_INSUFFICIENT_AMOUNT (with the change refused as `quantity`) a change that would leave the quantity below zero unless
 * negative quantities are allowed. Returns the quantity after the change.
 */
export async function changeItemQuantity(
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> },
  tenant: Tenant,
  payments: PaymentsConfig,
  customer: Customer,
  itemId: string,
  change: QuantityChange,
  now = new Date(),
): Promise<number> {
  catalogItem(payments, customer, itemId);
  if (!Number.isSafeInteger(change.delta)) throw new KnownError("SCHEMA_ERROR", { message: "delta must be an integer" });
  return db.transaction(async (tx) => {
    // What the products include is read before the lock: grants change under their own lock
    // (grants.ts), so holding this one while reading them would protect nothing. The lock is
    // then held for one statement, the sum and the conditional insert together.
    const included = includedByProducts(await listGrants(tx, tenant, customer), payments, customer, itemId, now);
    await lockCustomerItem(tx, tenant, customer, itemId);
    const row = { delta: change.delta, expiresAt: change.expiresAt ?? null, description: change.description ?? null, createdAt: now };
    const { before, inserted } = await insertItemChangeIfCovered(tx, tenant, customer, itemId, row, included, !change.allowNegative);
    const quantity = before + included;
    // The detail is the change refused (as Stack Auth sends it), not the quantity held.
    if (!inserted) throw new KnownError("ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: itemId, customer_id: customer.id, quantity: change.delta });
    return quantity + change.delta;
  });
}
