/**
 * How a customer pays, and what it was billed: the reads (and the payment method changes)
 * Stack's prebuilt account pages make. The customer's account at Stripe is its Stripe customer
 * on the project's connected account (stripe-objects.ts); without Stripe, or before the
 * customer first pays or adds a card, it has none. Invoices are the subscription invoices
 * Stripe's webhooks told of (stripe-sync.ts). The products a customer holds are read by
 * products.ts.
 */
import { findStripeAccountId } from "../../db/queries/purchases";
import { findInvoiceRow, listCustomerInvoiceRows } from "../../db/queries/stripe-objects";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Customer } from "./customers";
import { projectStripeAccount } from "./stripe-account";
import { existingStripeCustomer, stripeCustomerFor } from "./stripe-objects";

export interface PaymentMethod {
  id: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export interface CustomerBilling {
  /** Whether the customer has an account with the payment provider. */
  hasCustomer: boolean;
  defaultPaymentMethod: PaymentMethod | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CustomerInvoice {
  createdAtMillis: number;
  status: "draft" | "open" | "paid" | "uncollectible" | "void" | null;
  amountTotal: number;
  hostedInvoiceUrl: string | null;
}

export interface PageRequest {
  cursor?: string;
  limit?: number;
}

const NO_BILLING: CustomerBilling = { hasCustomer: false, defaultPaymentMethod: null };

export async function getCustomerBilling(deps: ServiceDeps, tenant: Tenant, customer: Customer): Promise<CustomerBilling> {
  const accountId = deps.stripe ? await findStripeAccountId(deps.db, tenant.projectId) : null;
  if (!accountId) return NO_BILLING;
  const stripeCustomerId = await existingStripeCustomer(deps, tenant, customer, accountId);
  const state = stripeCustomerId ? await deps.stripe!.retrieveCustomer(accountId, stripeCustomerId) : null;
  if (!state) return NO_BILLING;
  return { hasCustomer: true, defaultPaymentMethod: await deps.stripe!.defaultCard(accountId, state) };
}

const INVOICE_STATUSES = new Set(["draft", "open", "paid", "uncollectible", "void"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer's invoices, newest first; the cursor is the last invoice's id. */
export async function listCustomerInvoices(deps: ServiceDeps, tenant: Tenant, customer: Customer, page: PageRequest): Promise<Page<CustomerInvoice>> {
  const limit = page.limit ?? 10;
  let after: { createdAt: number; id: string } | null = null;
  if (page.cursor) {
    const pivot = UUID.test(page.cursor) ? await findInvoiceRow(deps.db, tenant, page.cursor) : null;
    if (!pivot) throw new KnownError("PAYMENTS_CURSOR_INVALID");
    after = { createdAt: pivot.createdAt, id: page.cursor };
  }
  const rows = await listCustomerInvoiceRows(deps.db, tenant, customer, { limit, after });
  return {
    items: rows.map((row) => ({
      createdAtMillis: row.createdAt,
      status: row.status && INVOICE_STATUSES.has(row.status) ? (row.status as CustomerInvoice["status"]) : null,
      amountTotal: row.amountTotal,
      hostedInvoiceUrl: row.hostedInvoiceUrl,
    })),
    nextCursor: rows.length === limit ? rows[rows.length - 1]!.id : null,
  };
}

/** A SetupIntent for the page to add a card with (Stripe.js); the customer's Stripe customer is made on first use. */
export async function startPaymentMethodSetup(deps: ServiceDeps, tenant: Tenant, customer: Customer): Promise<{ clientSecret: string; stripeAccountId: string }> {
  const accountId = await projectStripeAccount(deps, tenant.projectId);
  const stripeCustomerId = await stripeCustomerFor(deps, tenant, customer, accountId);
  const intent = await deps.stripe!.createSetupIntent(accountId, stripeCustomerId);
  return { clientSecret: intent.clientSecret, stripeAccountId: accountId };
}

/**
 * Makes the card a succeeded SetupIntent saved the customer's default (for renewals and plan
 * switches), and answers it. The SetupIntent must be the customer's own.
 */
export async function setDefaultPaymentMethod(deps: ServiceDeps, tenant: Tenant, customer: Customer, setupIntentId: string): Promise<PaymentMethod | null> {
  const accountId = await projectStripeAccount(deps, tenant.projectId);
  const stripeCustomerId = await stripeCustomerFor(deps, tenant, customer, accountId);
  const intent = await deps.stripe!.retrieveSetupIntent(accountId, setupIntentId);
  if (!intent) throw new KnownError("SETUP_INTENT_NOT_SUCCEEDED");
  if (intent.customer !== stripeCustomerId) throw new KnownError("CUSTOMER_ACCESS_DENIED", { customer_type: customer.type, customer_id: customer.id });
  if (intent.status !== "succeeded" || !intent.paymentMethod) throw new KnownError("SETUP_INTENT_NOT_SUCCEEDED");
  await deps.stripe!.setDefaultPaymentMethod(accountId, stripeCustomerId, intent.paymentMethod);
  const state = await deps.stripe!.retrieveCustomer(accountId, stripeCustomerId);
  return state ? deps.stripe!.defaultCard(accountId, state) : null;
}
