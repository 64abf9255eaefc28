import type { Queryable } from "../db";
import { jsonParam, toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

// ---------------------------------------------------------------- Stripe accounts

export async function findStripeAccountId(q: Queryable, projectId: string): Promise<string | null> {
  const rows = await q.query<{ stripe_account_id: string }>("SELECT stripe_account_id FROM stripe_accounts WHERE project_id = $1", [projectId]);
  return rows[0]?.stripe_account_id ?? null;
}

/** Keeps the first account a project gets: of two setups racing, the later one's account is not used. */
export async function insertStripeAccount(q: Queryable, projectId: string, stripeAccountId: string): Promise<string> {
  await q.query("INSERT INTO stripe_accounts (project_id, stripe_account_id) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING", [projectId, stripeAccountId]);
  return (await findStripeAccountId(q, projectId)) ?? stripeAccountId;
}

export async function findProjectIdByStripeAccount(q: Queryable, stripeAccountId: string): Promise<string | null> {
  const rows = await q.query<{ project_id: string }>("SELECT project_id FROM stripe_accounts WHERE stripe_account_id = $1", [stripeAccountId]);
  return rows[0]?.project_id ?? null;
}

// ---------------------------------------------------------------- purchase codes

export interface PurchaseCodeRecord {
  projectId: string;
  branchId: string;
  customerType: "user" | "team" | "custom";
  customerId: string;
  productId: string | null;
  product: Record<string, unknown>;
  returnUrl: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

type CodeRow = {
  project_id: string;
  branch_id: string;
  customer_type: PurchaseCodeRecord["customerType"];
  customer_id: string;
  product_id: string | null;
  product: Record<string, unknown> | string;
  return_url: string | null;
  expires_at: Date;
  used_at: Date | null;
};

const CODE_COLUMNS = "project_id, branch_id, customer_type, customer_id, product_id, product, return_url, expires_at, used_at";

const toCode = (row: CodeRow): PurchaseCodeRecord => ({
  projectId: row.project_id,
  branchId: row.branch_id,
  customerType: row.customer_type,
  customerId: row.customer_id,
  productId: row.product_id,
  product: typeof row.product === "string" ? (JSON.parse(row.product) as Record<string, unknown>) : row.product,
  returnUrl: row.return_url,
  expiresAt: new Date(row.expires_at),
  usedAt: row.used_at ? new Date(row.used_at) : null,
});

export async function insertPurchaseCode(q: Queryable, codeHash: string, code: Omit<PurchaseCodeRecord, "usedAt">): Promise<void> {
  await q.query(
    `INSERT INTO purchase_codes (code_hash, ${CODE_COLUMNS.replace(", used_at", "")}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [codeHash, code.projectId, code.branchId, code.customerType, code.customerId, code.productId, jsonParam(code.product), code.returnUrl, code.expiresAt],
  );
}

export async function findPurchaseCode(q: Queryable, projectId: string, codeHash: string): Promise<PurchaseCodeRecord | null> {
  const rows = await q.query<CodeRow>(`SELECT ${CODE_COLUMNS} FROM purchase_codes WHERE code_hash = $1 AND project_id = $2`, [codeHash, projectId]);
  return rows[0] ? toCode(rows[0]) : null;
}

/** Uses a code up; of two purchases racing with one code, one gets it. */
export async function takePurchaseCode(q: Queryable, projectId: string, codeHash: string): Promise<PurchaseCodeRecord | null> {
  const rows = await q.query<CodeRow>(
    `UPDATE purchase_codes SET used_at = now() WHERE code_hash = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING ${CODE_COLUMNS}`,
    [codeHash, projectId],
  );
  return rows[0] ? toCode(rows[0]) : null;
}

/** Gives a code back when the purchase it was taken for could not start (Stripe unreachable). */
export async function releasePurchaseCode(q: Queryable, projectId: string, codeHash: string): Promise<void> {
  await q.query("UPDATE purchase_codes SET used_at = NULL WHERE code_hash = $1 AND project_id = $2", [codeHash, projectId]);
}

// ---------------------------------------------------------------- purchases

export type PurchaseKind = "one_time" | "subscription";
export type PurchaseSource = "test_mode" | "stripe";
export type PurchaseStatus = "pending" | "active" | "canceled";

export interface PurchaseRecord {
  id: string;
  customerType: "user" | "team" | "custom";
  customerId: string;
  productId: string | null;
  product: Record<string, unknown>;
  priceId: string | null;
  quantity: number;
  kind: PurchaseKind;
  source: PurchaseSource;
  status: PurchaseStatus;
  currency: string;
  amount: number;
  stripeCheckoutSessionId: string | null;
  stripeSubscriptionId: string | null;
  stripePaymentIntentId: string | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  stripeStateAt: number;
  grantId: string | null;
  refundedAt: number | null;
  refundedAmount: number | null;
  /** How many of the product the refund took back; null before a refund. */
  refundedQuantity: number | null;
  createdAt: number;
}

type PurchaseRow = {
  id: string;
  customer_type: PurchaseRecord["customerType"];
  customer_id: string;
  product_id: string | null;
  product: Record<string, unknown> | string;
  price_id: string | null;
  quantity: number;
  kind: PurchaseKind;
  source: PurchaseSource;
  status: PurchaseStatus;
  currency: string;
  amount: string | number;
  stripe_checkout_session_id: string | null;
  stripe_subscription_id: string | null;
  stripe_payment_intent_id: string | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  stripe_state_at: string | number;
  grant_id: string | null;
  refunded_at: Date | null;
  refunded_amount: string | number | null;
  refunded_quantity: number | null;
  created_at: Date;
};

const PURCHASE_COLUMNS =
  "id, customer_type, customer_id, product_id, product, price_id, quantity, kind, source, status, currency, amount, stripe_checkout_session_id, " +
  "stripe_subscription_id, stripe_payment_intent_id, current_period_start, current_period_end, stripe_state_at, grant_id, refunded_at, refunded_amount, refunded_quantity, created_at";

const toPurchase = (row: PurchaseRow): PurchaseRecord => ({
  id: row.id,
  customerType: row.customer_type,
  customerId: row.customer_id,
  productId: row.product_id,
  product: typeof row.product === "string" ? (JSON.parse(row.product) as Record<string, unknown>) : row.product,
  priceId: row.price_id,
  quantity: row.quantity,
  kind: row.kind,
  source: row.source,
  status: row.status,
  currency: row.currency,
  amount: Number(row.amount),
  stripeCheckoutSessionId: row.stripe_checkout_session_id,
  stripeSubscriptionId: row.stripe_subscription_id,
  stripePaymentIntentId: row.stripe_payment_intent_id,
  currentPeriodStart: toMillisOrNull(row.current_period_start),
  currentPeriodEnd: toMillisOrNull(row.current_period_end),
  stripeStateAt: Number(row.stripe_state_at),
  grantId: row.grant_id,
  refundedAt: toMillisOrNull(row.refunded_at),
  refundedAmount: row.refunded_amount === null ? null : Number(row.refunded_amount),
  refundedQuantity: row.refunded_quantity,
  createdAt: toMillis(row.created_at),
});

/** A purchase to insert: the record's own fields, with its period as dates and its Stripe links when known. */
export type NewPurchase = Pick<
  PurchaseRecord,
  "id" | "customerType" | "customerId" | "productId" | "product" | "priceId" | "quantity" | "kind" | "source" | "status" | "currency" | "amount"
> & {
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  stripeSubscriptionId?: string | null;
  stripePaymentIntentId?: string | null;
  grantId?: string | null;
};

/** The record of a purchase just inserted, before it is granted or refunded (for the grant that follows in the same transaction). */
export function insertedPurchaseRecord(p: NewPurchase): PurchaseRecord {
  return {
    ...p,
    stripeCheckoutSessionId: null,
    stripeSubscriptionId: p.stripeSubscriptionId ?? null,
    stripePaymentIntentId: p.stripePaymentIntentId ?? null,
    currentPeriodStart: p.currentPeriodStart?.getTime() ?? null,
    currentPeriodEnd: p.currentPeriodEnd?.getTime() ?? null,
    stripeStateAt: 0,
    grantId: null,
    refundedAt: null,
    refundedAmount: null,
    refundedQuantity: null,
    createdAt: Date.now(),
  };
}

export async function insertPurchase(q: Queryable, tenant: Tenant, p: NewPurchase): Promise<void> {
  await q.query(
    `INSERT INTO purchases (project_id, branch_id, id, customer_type, customer_id, product_id, product, price_id, quantity, kind, source, status,
       currency, amount, current_period_start, current_period_end, stripe_subscription_id, stripe_payment_intent_id, grant_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      tenant.projectId,
      tenant.branchId,
      p.id,
      p.customerType,
      p.customerId,
      p.productId,
      jsonParam(p.product),
      p.priceId,
      p.quantity,
      p.kind,
      p.source,
      p.status,
      p.currency,
      p.amount,
      p.currentPeriodStart,
      p.currentPeriodEnd,
      p.stripeSubscriptionId ?? null,
      p.stripePaymentIntentId ?? null,
      p.grantId ?? null,
    ],
  );
}

/** The purchases that made these grants (API grants have none). */
export async function findPurchasesByGrants(q: Queryable, tenant: Tenant, grantIds: readonly string[]): Promise<PurchaseRecord[]> {
  if (grantIds.length === 0) return [];
  const placeholders = grantIds.map((_, i) => `$${i + 3}`).join(", ");
  const rows = await q.query<PurchaseRow>(`SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE project_id = $1 AND branch_id = $2 AND grant_id IN (${placeholders})`, [
    tenant.projectId,
    tenant.branchId,
    ...grantIds,
  ]);
  return rows.map(toPurchase);
}

/** The purchase that made a grant, if one did (API grants have none). */
export async function findPurchaseByGrant(q: Queryable, tenant: Tenant, grantId: string, options: { forUpdate?: boolean } = {}): Promise<PurchaseRecord | null> {
  const rows = await q.query<PurchaseRow>(
    `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE project_id = $1 AND branch_id = $2 AND grant_id = $3 ${options.forUpdate ? "FOR UPDATE" : ""}`,
    [tenant.projectId, tenant.branchId, grantId],
  );
  return rows[0] ? toPurchase(rows[0]) : null;
}

/** The purchase, locked until the transaction ends: webhooks about one purchase apply one at a time. */
export async function findPurchaseForUpdate(q: Queryable, tenant: Tenant, id: string): Promise<PurchaseRecord | null> {
  const rows = await q.query<PurchaseRow>(`SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE project_id = $1 AND branch_id = $2 AND id = $3 FOR UPDATE`, [tenant.projectId, tenant.branchId, id]);
  return rows[0] ? toPurchase(rows[0]) : null;
}

export async function findPurchase(q: Queryable, tenant: Tenant, id: string): Promise<PurchaseRecord | null> {
  const rows = await q.query<PurchaseRow>(`SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE project_id = $1 AND branch_id = $2 AND id = $3`, [tenant.projectId, tenant.branchId, id]);
  return rows[0] ? toPurchase(rows[0]) : null;
}

/** A Stripe subscription's purchase, across the branches of the account's project. */
export async function findPurchaseBySubscription(q: Queryable, projectId: string, subscriptionId: string, options: { forUpdate?: boolean } = {}): Promise<(PurchaseRecord & Tenant) | null> {
  const rows = await q.query<PurchaseRow & { branch_id: string }>(
    `SELECT branch_id, ${PURCHASE_COLUMNS} FROM purchases WHERE project_id = $1 AND stripe_subscription_id = $2 ${options.forUpdate ? "FOR UPDATE" : ""}`,
    [projectId, subscriptionId],
  );
  return rows[0] ? { ...toPurchase(rows[0]), projectId, branchId: rows[0].branch_id } : null;
}

export async function findPurchaseByPaymentIntent(q: Queryable, projectId: string, paymentIntentId: string): Promise<(PurchaseRecord & Tenant) | null> {
  const rows = await q.query<PurchaseRow & { branch_id: string }>(
    `SELECT branch_id, ${PURCHASE_COLUMNS} FROM purchases WHERE project_id = $1 AND stripe_payment_intent_id = $2`,
    [projectId, paymentIntentId],
  );
  return rows[0] ? { ...toPurchase(rows[0]), projectId, branchId: rows[0].branch_id } : null;
}

export interface PurchaseUpdate {
  status?: PurchaseStatus;
  quantity?: number;
  amount?: number;
  stripeSubscriptionId?: string | null;
  stripePaymentIntentId?: string | null;
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  stripeStateAt?: number;
  grantId?: string | null;
  refundedAt?: Date;
  refundedAmount?: number;
}

const UPDATE_COLUMNS: Record<keyof PurchaseUpdate, string> = {
  status: "status",
  quantity: "quantity",
  amount: "amount",
  stripeSubscriptionId: "stripe_subscription_id",
  stripePaymentIntentId: "stripe_payment_intent_id",
  currentPeriodStart: "current_period_start",
  currentPeriodEnd: "current_period_end",
  stripeStateAt: "stripe_state_at",
  grantId: "grant_id",
  refundedAt: "refunded_at",
  refundedAmount: "refunded_amount",
};

export async function updatePurchase(q: Queryable, tenant: Tenant, id: string, update: PurchaseUpdate): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [tenant.projectId, tenant.branchId, id];
  for (const [key, column] of Object.entries(UPDATE_COLUMNS) as Array<[keyof PurchaseUpdate, string]>) {
    if (update[key] === undefined) continue;
    params.push(update[key]);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return;
  await q.query(`UPDATE purchases SET ${sets.join(", ")} WHERE project_id = $1 AND branch_id = $2 AND id = $3`, params);
}

/** A subscription switched at Stripe to another product and price: the purchase now bills that. */
export async function movePurchase(
  q: Queryable,
  tenant: Tenant,
  id: string,
  to: { productId: string; product: Record<string, unknown>; priceId: string; quantity: number; amount: number },
): Promise<void> {
  await q.query("UPDATE purchases SET product_id = $4, product = $5, price_id = $6, quantity = $7, amount = $8 WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    id,
    to.productId,
    jsonParam(to.product),
    to.priceId,
    to.quantity,
    to.amount,
  ]);
}

/** Marks a purchase refunded unless it already is; false when another refund got there first. */
export async function claimRefund(q: Queryable, tenant: Tenant, id: string, amount: number, quantity: number): Promise<boolean> {
  const rows = await q.query(
    "UPDATE purchases SET refunded_at = now(), refunded_amount = $4, refunded_quantity = $5 WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND refunded_at IS NULL RETURNING id",
    [tenant.projectId, tenant.branchId, id, amount, quantity],
  );
  return rows.length > 0;
}

/** Takes a claimed refund back when Stripe refused it. */
export async function releaseRefund(q: Queryable, tenant: Tenant, id: string): Promise<void> {
  await q.query("UPDATE purchases SET refunded_at = NULL, refunded_amount = NULL, refunded_quantity = NULL WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
}

// ---------------------------------------------------------------- webhook events

/** Records an event id; false when it was already recorded (a redelivery). */
export async function recordStripeEvent(q: Queryable, eventId: string, eventType: string): Promise<boolean> {
  const rows = await q.query<{ event_id: string }>(
    "INSERT INTO stripe_webhook_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING RETURNING event_id",
    [eventId, eventType],
  );
  return rows.length > 0;
}
