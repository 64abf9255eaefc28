/**
 * The items ledger and product grants (migration 0025). Every statement is scoped to the
 * tenant; the services decide what the rows mean.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db";
import { jsonParam } from "./rows";
import type { Tenant } from "./tenant";

export type CustomerTypeName = "user" | "team" | "custom";
export interface CustomerKey {
  type: CustomerTypeName;
  id: string;
}

export type GrantKind = "subscription" | "one_time";
export type GrantStatus = "active" | "trialing" | "past_due" | "unpaid" | "incomplete" | "incomplete_expired" | "canceled" | "paused";
export type GrantSource = "api_grant" | "test_mode" | "purchase_page";

/** The statuses in which a grant counts as held (with `ended_at` unset or still ahead); a canceled grant is held until its `ended_at`. */
export const HELD_STATUSES: readonly GrantStatus[] = ["active", "trialing"];

export interface GrantRow {
  id: string;
  customerType: CustomerTypeName;
  customerId: string;
  productId: string | null;
  /** The product as granted: its configuration entry (camelCase keys, as in the config document). */
  product: Record<string, unknown>;
  priceId: string | null;
  quantity: number;
  kind: GrantKind;
  status: GrantStatus;
  source: GrantSource;
  stripeSubscriptionId: string | null;
  stripePaymentIntentId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  refundedAt: Date | null;
  createdAt: Date;
}

interface RawGrant {
  id: string;
  customer_type: CustomerTypeName;
  customer_id: string;
  product_id: string | null;
  product: Record<string, unknown> | string;
  price_id: string | null;
  quantity: number | string;
  kind: GrantKind;
  status: GrantStatus;
  source: GrantSource;
  stripe_subscription_id: string | null;
  stripe_payment_intent_id: string | null;
  current_period_start: Date | string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  ended_at: Date | string | null;
  refunded_at: Date | string | null;
  created_at: Date | string;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: Date | string | null) => (v === null ? null : date(v));

function toGrant(r: RawGrant): GrantRow {
  return {
    id: r.id,
    customerType: r.customer_type,
    customerId: r.customer_id,
    productId: r.product_id,
    product: typeof r.product === "string" ? (JSON.parse(r.product) as Record<string, unknown>) : r.product,
    priceId: r.price_id,
    quantity: Number(r.quantity),
    kind: r.kind,
    status: r.status,
    source: r.source,
    stripeSubscriptionId: r.stripe_subscription_id,
    stripePaymentIntentId: r.stripe_payment_intent_id,
    currentPeriodStart: dateOrNull(r.current_period_start),
    currentPeriodEnd: dateOrNull(r.current_period_end),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    endedAt: dateOrNull(r.ended_at),
    refundedAt: dateOrNull(r.refunded_at),
    createdAt: date(r.created_at),
  };
}

const GRANT_COLUMNS = `id, customer_type, customer_id, product_id, product, price_id, quantity, kind, status, source,
  stripe_subscription_id, stripe_payment_intent_id, current_period_start, current_period_end, cancel_at_period_end,
  ended_at, refunded_at, created_at`;

// ---------------------------------------------------------------------------------------------
// The items ledger

/**
 * Takes the lock that serialises every change of one customer's item until the transaction
 * ends. A transaction-scoped advisory lock keyed by a 64-bit hash: a collision only makes two
 * unrelated items wait for each other.
 */
export async function lockCustomerItem(tx: Queryable, tenant: Tenant, customer: CustomerKey, itemId: string): Promise<void> {
  const key = [tenant.projectId, tenant.branchId, customer.type, customer.id, itemId].join("\u001f");
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 25))", [key]);
}

/** The sum of the item's changes that have not expired at `now`. */
export async function sumItemChanges(q: Queryable, tenant: Tenant, customer: CustomerKey, itemId: string, now: Date): Promise<number> {
  const rows = await q.query<{ total: string | number | null }>(
    `SELECT COALESCE(SUM(delta), 0) AS total FROM item_quantity_changes
     WHERE project_id = $1 AND branch_id = $2 AND customer_type = $3 AND customer_id = $4 AND item_id = $5
       AND (expires_at IS NULL OR expires_at > $6)`,
    [tenant.projectId, tenant.branchId, customer.type, customer.id, itemId, now.toISOString()],
  );
  return Number(rows[0]?.total ?? 0);
}

export interface ItemChangeInput {
  delta: number;
  expiresAt: Date | null;
  description: string | null;
  createdAt: Date;
}

export async function insertItemChange(q: Queryable, tenant: Tenant, customer: CustomerKey, itemId: string, change: ItemChangeInput): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO item_quantity_changes (project_id, branch_id, id, customer_type, customer_id, item_id, delta, expires_at, description, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      tenant.projectId,
      tenant.branchId,
      id,
      customer.type,
      customer.id,
      itemId,
      change.delta,
      change.expiresAt?.toISOString() ?? null,
      change.description,
      change.createdAt.toISOString(),
    ],
  );
  return id;
}

/**
 * The change of a quantity in one statement: the sum of the item's unexpired changes and the
 * insert, which is skipped when `refuseBelowZero` and the change would leave that sum plus
 * `included` (what the customer's products include) below zero. Run under
 * `lockCustomerItem`, so the sum it reads is the one it adds to. Returns the sum before.
 */
export async function insertItemChangeIfCovered(
  q: Queryable,
  tenant: Tenant,
  customer: CustomerKey,
  itemId: string,
  change: ItemChangeInput,
  included: number,
  refuseBelowZero: boolean,
): Promise<{ before: number; inserted: boolean }> {
  const rows = await q.query<{ total: string | number; inserted: string | number }>(
    `WITH total AS (
       SELECT COALESCE(SUM(delta), 0) AS s FROM item_quantity_changes
       WHERE project_id = $1 AND branch_id = $2 AND customer_type = $3 AND customer_id = $4 AND item_id = $5
         AND (expires_at IS NULL OR expires_at > $10::timestamptz)
     ), inserted AS (
       INSERT INTO item_quantity_changes (project_id, branch_id, id, customer_type, customer_id, item_id, delta, expires_at, description, created_at)
       SELECT $1, $2, $6, $3, $4, $5, $7::bigint, $8::timestamptz, $9, $10::timestamptz FROM total
       WHERE NOT $11::boolean OR $7::bigint >= 0 OR total.s + $12::bigint + $7::bigint >= 0
       RETURNING id
     )
     SELECT total.s AS total, (SELECT count(*) FROM inserted) AS inserted FROM total`,
    [
      tenant.projectId,
      tenant.branchId,
      customer.type,
      customer.id,
      itemId,
      randomUUID(),
      change.delta,
      change.expiresAt?.toISOString() ?? null,
      change.description,
      change.createdAt.toISOString(),
      refuseBelowZero,
      included,
    ],
  );
  return { before: Number(rows[0]!.total), inserted: Number(rows[0]!.inserted) > 0 };
}

// ---------------------------------------------------------------------------------------------
// Product grants

/** A grant to insert: its product, price and Stripe links as a grant row holds them, and when it was made. */
export type GrantInsert = Pick<
  GrantRow,
  | "productId"
  | "product"
  | "priceId"
  | "quantity"
  | "kind"
  | "status"
  | "source"
  | "stripeSubscriptionId"
  | "stripePaymentIntentId"
  | "currentPeriodStart"
  | "currentPeriodEnd"
  | "createdAt"
>;

export async function insertGrant(q: Queryable, tenant: Tenant, customer: CustomerKey, g: GrantInsert): Promise<GrantRow> {
  const rows = await q.query<RawGrant>(
    `INSERT INTO product_grants (project_id, branch_id, id, customer_type, customer_id, product_id, product, price_id, quantity, kind, status,
       source, stripe_subscription_id, stripe_payment_intent_id, current_period_start, current_period_end, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     RETURNING ${GRANT_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      randomUUID(),
      customer.type,
      customer.id,
      g.productId,
      jsonParam(g.product),
      g.priceId,
      g.quantity,
      g.kind,
      g.status,
      g.source,
      g.stripeSubscriptionId,
      g.stripePaymentIntentId,
      g.currentPeriodStart?.toISOString() ?? null,
      g.currentPeriodEnd?.toISOString() ?? null,
      g.createdAt.toISOString(),
    ],
  );
  return toGrant(rows[0]!);
}

/** Every grant of the customer, held or not, oldest first (included items outlive their grant when they never expire). */
export async function listGrants(q: Queryable, tenant: Tenant, customer: CustomerKey): Promise<GrantRow[]> {
  const rows = await q.query<RawGrant>(
    `SELECT ${GRANT_COLUMNS} FROM product_grants
     WHERE project_id = $1 AND branch_id = $2 AND customer_type = $3 AND customer_id = $4
     ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, customer.type, customer.id],
  );
  return rows.map(toGrant);
}

/** Every grant of the customer that is held at `now`, oldest first. */
export async function listHeldGrants(q: Queryable, tenant: Tenant, customer: CustomerKey, now: Date): Promise<GrantRow[]> {
  const rows = await q.query<RawGrant>(
    `SELECT ${GRANT_COLUMNS} FROM product_grants
     WHERE project_id = $1 AND branch_id = $2 AND customer_type = $3 AND customer_id = $4
       AND (status IN ('active', 'trialing') OR (status = 'canceled' AND ended_at IS NOT NULL)) AND (ended_at IS NULL OR ended_at > $5)
     ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, customer.type, customer.id, now.toISOString()],
  );
  return rows.map(toGrant);
}

export async function findGrant(q: Queryable, tenant: Tenant, grantId: string): Promise<GrantRow | null> {
  const rows = await q.query<RawGrant>(`SELECT ${GRANT_COLUMNS} FROM product_grants WHERE project_id = $1 AND branch_id = $2 AND id = $3`, [
    tenant.projectId,
    tenant.branchId,
    grantId,
  ]);
  return rows[0] ? toGrant(rows[0]) : null;
}

export async function findGrantByStripeSubscription(q: Queryable, tenant: Tenant, subscriptionId: string): Promise<GrantRow | null> {
  const rows = await q.query<RawGrant>(
    `SELECT ${GRANT_COLUMNS} FROM product_grants WHERE project_id = $1 AND branch_id = $2 AND stripe_subscription_id = $3`,
    [tenant.projectId, tenant.branchId, subscriptionId],
  );
  return rows[0] ? toGrant(rows[0]) : null;
}

export async function findGrantByStripePaymentIntent(q: Queryable, tenant: Tenant, paymentIntentId: string): Promise<GrantRow | null> {
  const rows = await q.query<RawGrant>(
    `SELECT ${GRANT_COLUMNS} FROM product_grants WHERE project_id = $1 AND branch_id = $2 AND stripe_payment_intent_id = $3`,
    [tenant.projectId, tenant.branchId, paymentIntentId],
  );
  return rows[0] ? toGrant(rows[0]) : null;
}

export interface GrantUpdate {
  quantity?: number;
  status?: GrantStatus;
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  endedAt?: Date | null;
  refundedAt?: Date | null;
}

const UPDATE_COLUMNS: Record<keyof GrantUpdate, string> = {
  quantity: "quantity",
  status: "status",
  currentPeriodStart: "current_period_start",
  currentPeriodEnd: "current_period_end",
  cancelAtPeriodEnd: "cancel_at_period_end",
  endedAt: "ended_at",
  refundedAt: "refunded_at",
};

/** Moves a grant to another product (a paid subscription switched at Stripe keeps its grant and subscription). */
export async function moveGrant(
  q: Queryable,
  tenant: Tenant,
  grantId: string,
  to: { productId: string; product: Record<string, unknown>; priceId: string; quantity: number },
): Promise<GrantRow | null> {
  const rows = await q.query<RawGrant>(
    `UPDATE product_grants SET product_id = $4, product = $5, price_id = $6, quantity = $7
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING ${GRANT_COLUMNS}`,
    [tenant.projectId, tenant.branchId, grantId, to.productId, jsonParam(to.product), to.priceId, to.quantity],
  );
  return rows[0] ? toGrant(rows[0]) : null;
}

/** Sets the given fields of one grant; returns it as it is now, or null when there is no such grant. */
export async function updateGrant(q: Queryable, tenant: Tenant, grantId: string, update: GrantUpdate): Promise<GrantRow | null> {
  const sets: string[] = [];
  const params: unknown[] = [tenant.projectId, tenant.branchId, grantId];
  for (const [key, column] of Object.entries(UPDATE_COLUMNS) as [keyof GrantUpdate, string][]) {
    if (update[key] === undefined) continue;
    const value = update[key];
    params.push(value instanceof Date ? value.toISOString() : value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return findGrant(q, tenant, grantId);
  const rows = await q.query<RawGrant>(
    `UPDATE product_grants SET ${sets.join(", ")} WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING ${GRANT_COLUMNS}`,
    params,
  );
  return rows[0] ? toGrant(rows[0]) : null;
}

/** Serialises grant changes of one customer (grant, cancel, switch) until the transaction ends. */
export async function lockCustomerGrants(tx: Queryable, tenant: Tenant, customer: CustomerKey): Promise<void> {
  const key = [tenant.projectId, tenant.branchId, customer.type, customer.id, "grants"].join("\u001f");
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 25))", [key]);
}

/** The grants with these ids (of the tenant), in no particular order. */
export async function findGrantsByIds(q: Queryable, tenant: Tenant, ids: readonly string[]): Promise<GrantRow[]> {
  if (ids.length === 0) return [];
  const placeholders = ids.map((_, i) => `$${i + 3}`).join(", ");
  const rows = await q.query<RawGrant>(`SELECT ${GRANT_COLUMNS} FROM product_grants WHERE project_id = $1 AND branch_id = $2 AND id::text IN (${placeholders})`, [
    tenant.projectId,
    tenant.branchId,
    ...ids,
  ]);
  return rows.map(toGrant);
}
