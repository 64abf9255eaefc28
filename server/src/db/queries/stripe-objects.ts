/**
 * What payments keeps of the objects at Stripe (migration 0065): customers' Stripe customers,
 * the product snapshots Stripe objects name in their metadata, and subscription invoices.
 */
import type { Queryable } from "../db";
import { jsonParam, toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

type CustomerKey = { type: "user" | "team" | "custom"; id: string };

// ---------------------------------------------------------------- Stripe customers

export async function findStripeCustomerId(q: Queryable, tenant: Tenant, customer: CustomerKey, stripeAccountId: string): Promise<string | null> {
  const rows = await q.query<{ stripe_customer_id: string }>(
    `SELECT stripe_customer_id FROM stripe_customers
     WHERE project_id = $1 AND branch_id = $2 AND customer_type = $3 AND customer_id = $4 AND stripe_account_id = $5`,
    [tenant.projectId, tenant.branchId, customer.type, customer.id, stripeAccountId],
  );
  return rows[0]?.stripe_customer_id ?? null;
}

/** Keeps the first Stripe customer stored for the customer; answers the one that is kept. */
export async function insertStripeCustomer(q: Queryable, tenant: Tenant, customer: CustomerKey, stripeAccountId: string, stripeCustomerId: string): Promise<string> {
  await q.query(
    `INSERT INTO stripe_customers (project_id, branch_id, customer_type, customer_id, stripe_account_id, stripe_customer_id)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [tenant.projectId, tenant.branchId, customer.type, customer.id, stripeAccountId, stripeCustomerId],
  );
  return (await findStripeCustomerId(q, tenant, customer, stripeAccountId)) ?? stripeCustomerId;
}

// ---------------------------------------------------------------- product snapshots

export async function insertProductSnapshot(q: Queryable, tenant: Tenant, snapshot: { id: string; productId: string | null; product: Record<string, unknown> }): Promise<void> {
  await q.query("INSERT INTO product_snapshots (project_id, branch_id, id, product_id, product) VALUES ($1, $2, $3, $4, $5::jsonb)", [
    tenant.projectId,
    tenant.branchId,
    snapshot.id,
    snapshot.productId,
    jsonParam(snapshot.product),
  ]);
}

/** A snapshot of the project's, with the branch it was taken on. */
export async function findProductSnapshot(q: Queryable, projectId: string, id: string): Promise<{ branchId: string; productId: string | null; product: Record<string, unknown> } | null> {
  const rows = await q.query<{ branch_id: string; product_id: string | null; product: Record<string, unknown> | string }>(
    "SELECT branch_id, product_id, product FROM product_snapshots WHERE project_id = $1 AND id = $2",
    [projectId, id],
  );
  const row = rows[0];
  if (!row) return null;
  return { branchId: row.branch_id, productId: row.product_id, product: typeof row.product === "string" ? (JSON.parse(row.product) as Record<string, unknown>) : row.product };
}

// ---------------------------------------------------------------- subscription invoices

export interface InvoiceInput {
  id: string;
  purchaseId: string;
  stripeInvoiceId: string;
  isCreation: boolean;
  status: string | null;
  amountTotal: number;
  currency: string;
  hostedInvoiceUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** Stores an invoice, or updates what changed (status, amount, URL) when Stripe tells of it again. */
export async function upsertInvoice(q: Queryable, tenant: Tenant, invoice: InvoiceInput): Promise<void> {
  await q.query(
    `INSERT INTO purchase_invoices (project_id, branch_id, id, purchase_id, stripe_invoice_id, is_creation, status, amount_total, currency, hosted_invoice_url, period_start, period_end)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (stripe_invoice_id) DO UPDATE SET
       status = COALESCE(EXCLUDED.status, purchase_invoices.status),
       amount_total = CASE WHEN EXCLUDED.amount_total > 0 THEN EXCLUDED.amount_total ELSE purchase_invoices.amount_total END,
       hosted_invoice_url = COALESCE(EXCLUDED.hosted_invoice_url, purchase_invoices.hosted_invoice_url)
     WHERE purchase_invoices.project_id = EXCLUDED.project_id`,
    [
      tenant.projectId,
      tenant.branchId,
      invoice.id,
      invoice.purchaseId,
      invoice.stripeInvoiceId,
      invoice.isCreation,
      invoice.status,
      invoice.amountTotal,
      invoice.currency,
      invoice.hostedInvoiceUrl,
      invoice.periodStart?.toISOString() ?? null,
      invoice.periodEnd?.toISOString() ?? null,
    ],
  );
}

/** The Stripe id of a subscription purchase's creation invoice. */
export async function findCreationInvoiceId(q: Queryable, tenant: Tenant, purchaseId: string): Promise<string | null> {
  const rows = await q.query<{ stripe_invoice_id: string }>(
    "SELECT stripe_invoice_id FROM purchase_invoices WHERE project_id = $1 AND branch_id = $2 AND purchase_id = $3 AND is_creation ORDER BY created_at LIMIT 1",
    [tenant.projectId, tenant.branchId, purchaseId],
  );
  return rows[0]?.stripe_invoice_id ?? null;
}

export interface InvoiceRow {
  id: string;
  createdAt: number;
  status: string | null;
  amountTotal: number;
  currency: string;
  hostedInvoiceUrl: string | null;
}

/** A customer's subscription invoices, newest first, a page after the invoice `after` names. */
export async function listCustomerInvoiceRows(q: Queryable, tenant: Tenant, customer: CustomerKey, page: { limit: number; after: { createdAt: number; id: string } | null }): Promise<InvoiceRow[]> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, customer.type, customer.id, page.limit];
  let after = "";
  if (page.after) {
    params.push(new Date(page.after.createdAt).toISOString(), page.after.id);
    after = "AND (i.created_at, i.id) < ($6::timestamptz, $7::uuid)";
  }
  const rows = await q.query<{ id: string; created_at: Date; status: string | null; amount_total: string | number; currency: string; hosted_invoice_url: string | null }>(
    `SELECT i.id, i.created_at, i.status, i.amount_total, i.currency, i.hosted_invoice_url
       FROM purchase_invoices i JOIN purchases p ON p.project_id = i.project_id AND p.branch_id = i.branch_id AND p.id = i.purchase_id
      WHERE i.project_id = $1 AND i.branch_id = $2 AND p.customer_type = $3 AND p.customer_id = $4 ${after}
      ORDER BY i.created_at DESC, i.id DESC LIMIT $5`,
    params,
  );
  return rows.map((r) => ({ id: r.id, createdAt: toMillis(r.created_at), status: r.status, amountTotal: Number(r.amount_total), currency: r.currency, hostedInvoiceUrl: r.hosted_invoice_url }));
}

export async function findInvoiceRow(q: Queryable, tenant: Tenant, id: string): Promise<{ createdAt: number; periodStart: number | null } | null> {
  const rows = await q.query<{ created_at: Date; period_start: Date | null }>("SELECT created_at, period_start FROM purchase_invoices WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
  return rows[0] ? { createdAt: toMillis(rows[0].created_at), periodStart: toMillisOrNull(rows[0].period_start) } : null;
}
