/**
 * The project's transactions (internal payments "transactions"): every product grant, every
 * manual item quantity change, every subscription renewal invoice and every refund, newest
 * first. The list is read in two steps: the keys of one page across the four sources, then
 * the rows behind them.
 */
import type { Queryable } from "../db";
import { toMillis } from "./rows";
import type { Tenant } from "./tenant";

export type TransactionSource = "grant" | "item_change" | "invoice" | "refund";

export interface TransactionKey {
  source: TransactionSource;
  /** The grant's, change's or invoice's id; a refund's is its grant's. */
  id: string;
  /** Microseconds since the epoch: the position in the list, exact. */
  position: string;
  createdAt: number;
}

export interface TransactionFilter {
  sources: readonly TransactionSource[];
  customerType?: string;
  customerId?: string;
  after: { position: string; source: TransactionSource; id: string } | null;
  limit: number;
}

/** One page of keys, newest first (then by source and id, so the order is total). */
export async function listTransactionKeys(q: Queryable, tenant: Tenant, filter: TransactionFilter): Promise<TransactionKey[]> {
  const params: unknown[] = [tenant.projectId, tenant.branchId];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const customer: string[] = [];
  if (filter.customerType) customer.push(`customer_type = ${add(filter.customerType)}`);
  if (filter.customerId) customer.push(`customer_id = ${add(filter.customerId)}`);
  const where = (extra: string[] = []) => ["project_id = $1", "branch_id = $2", ...extra].join(" AND ");
  const parts: string[] = [];
  if (filter.sources.includes("grant")) {
    parts.push(`SELECT 'grant'::text AS source, id::text AS id, created_at FROM product_grants WHERE ${where(customer)}`);
  }
  if (filter.sources.includes("item_change")) {
    parts.push(`SELECT 'item_change'::text, id::text, created_at FROM item_quantity_changes WHERE ${where(customer)}`);
  }
  if (filter.sources.includes("invoice")) {
    const own = customer.map((c) => `p.${c}`);
    parts.push(
      `SELECT 'invoice'::text, i.id::text, i.created_at FROM purchase_invoices i
         JOIN purchases p ON p.project_id = i.project_id AND p.branch_id = i.branch_id AND p.id = i.purchase_id
        WHERE ${["i.project_id = $1", "i.branch_id = $2", "NOT i.is_creation", "(i.status IS NULL OR i.status = 'paid')", ...own].join(" AND ")}`,
    );
  }
  if (filter.sources.includes("refund")) {
    parts.push(`SELECT 'refund'::text, grant_id, refunded_at FROM purchases WHERE ${where(["refunded_at IS NOT NULL", "grant_id IS NOT NULL", ...customer])}`);
  }
  if (parts.length === 0) return [];
  const after = filter.after
    ? `WHERE (t.position, t.source, t.id) < (${add(filter.after.position)}::bigint, ${add(filter.after.source)}::text, ${add(filter.after.id)}::text)`
    : "";
  const limit = add(filter.limit);
  const rows = await q.query<{ source: TransactionSource; id: string; created_at: Date; position: string | number }>(
    `SELECT t.source, t.id, t.created_at, t.position FROM (
       SELECT u.source, u.id, u.created_at, (extract(epoch FROM u.created_at) * 1000000)::bigint AS position FROM (${parts.join(" UNION ALL ")}) AS u(source, id, created_at)
     ) t ${after}
     ORDER BY t.position DESC, t.source DESC, t.id DESC
     LIMIT ${limit}`,
    params,
  );
  return rows.map((r) => ({ source: r.source, id: r.id, position: String(r.position), createdAt: toMillis(r.created_at) }));
}

export interface ItemChangeRow {
  id: string;
  customerType: "user" | "team" | "custom";
  customerId: string;
  itemId: string;
  delta: number;
  createdAt: number;
}

export async function findItemChanges(q: Queryable, tenant: Tenant, ids: readonly string[]): Promise<ItemChangeRow[]> {
  if (ids.length === 0) return [];
  const placeholders = ids.map((_, i) => `$${i + 3}`).join(", ");
  const rows = await q.query<{ id: string; customer_type: ItemChangeRow["customerType"]; customer_id: string; item_id: string; delta: string | number; created_at: Date }>(
    `SELECT id, customer_type, customer_id, item_id, delta, created_at FROM item_quantity_changes WHERE project_id = $1 AND branch_id = $2 AND id::text IN (${placeholders})`,
    [tenant.projectId, tenant.branchId, ...ids],
  );
  return rows.map((r) => ({ id: r.id, customerType: r.customer_type, customerId: r.customer_id, itemId: r.item_id, delta: Number(r.delta), createdAt: toMillis(r.created_at) }));
}

export interface InvoiceTransactionRow {
  id: string;
  createdAt: number;
  amountTotal: number;
  currency: string;
  customerType: "user" | "team" | "custom";
  customerId: string;
  source: "test_mode" | "stripe";
}

export async function findInvoicesForTransactions(q: Queryable, tenant: Tenant, ids: readonly string[]): Promise<InvoiceTransactionRow[]> {
  if (ids.length === 0) return [];
  const placeholders = ids.map((_, i) => `$${i + 3}`).join(", ");
  const rows = await q.query<{ id: string; created_at: Date; amount_total: string | number; currency: string; customer_type: InvoiceTransactionRow["customerType"]; customer_id: string; source: "test_mode" | "stripe" }>(
    `SELECT i.id, i.created_at, i.amount_total, i.currency, p.customer_type, p.customer_id, p.source
       FROM purchase_invoices i JOIN purchases p ON p.project_id = i.project_id AND p.branch_id = i.branch_id AND p.id = i.purchase_id
      WHERE i.project_id = $1 AND i.branch_id = $2 AND i.id::text IN (${placeholders})`,
    [tenant.projectId, tenant.branchId, ...ids],
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: toMillis(r.created_at),
    amountTotal: Number(r.amount_total),
    currency: r.currency,
    customerType: r.customer_type,
    customerId: r.customer_id,
    source: r.source,
  }));
}
