/**
 * What a customer has bought and how it pays: the reads Stack's prebuilt account pages make
 * whenever they render. Until the project sets payments up (issue 14: the catalog, grants,
 * Stripe) no customer has a payment account or invoices, so these answer that empty state;
 * the payments work fills them behind the same functions. The products a customer holds are
 * read by products.ts.
 */
import type { Customer } from "./customers";

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

export async function getCustomerBilling(_customer: Customer): Promise<CustomerBilling> {
  return { hasCustomer: false, defaultPaymentMethod: null };
}

export async function listCustomerInvoices(_customer: Customer, _page: PageRequest): Promise<Page<CustomerInvoice>> {
  return { items: [], nextCursor: null };
}
