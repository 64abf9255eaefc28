import { z } from "@hono/zod-openapi";
import type { CustomerBilling, CustomerInvoice, CustomerProduct, PaymentMethod } from "../../services/payments/customer-reads";

const PaymentMethodSchema = z
  .object({
    id: z.string(),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
  })
  .openapi("PaymentMethod");

export const CustomerBillingSchema = z
  .object({
    has_customer: z.boolean().openapi({ description: "Whether the customer has an account with the payment provider." }),
    default_payment_method: PaymentMethodSchema.nullable(),
  })
  .openapi("CustomerBilling");

export const CustomerProductSchema = z
  .object({
    id: z.string().nullable(),
    quantity: z.number().int(),
    product: z.object({
      display_name: z.string(),
      customer_type: z.enum(["user", "team", "custom"]),
      server_only: z.boolean(),
      stackable: z.boolean(),
    }),
  })
  .openapi("CustomerProduct");

export const CustomerInvoiceSchema = z
  .object({
    created_at_millis: z.number().int(),
    status: z.enum(["draft", "open", "paid", "uncollectible", "void"]).nullable(),
    amount_total: z.number().int().openapi({ description: "In the currency's smallest unit." }),
    hosted_invoice_url: z.string().nullable(),
  })
  .openapi("CustomerInvoice");

/** A paginated list of the payments area: always `is_paginated: true` with a cursor, as the SDK expects. */
export function paymentsPageSchema<T extends z.ZodType>(item: T, name: string) {
  return z.object({ items: z.array(item), is_paginated: z.literal(true), pagination: z.object({ next_cursor: z.string().nullable() }) }).openapi(name);
}

const toPaymentMethod = (m: PaymentMethod) => ({ id: m.id, brand: m.brand, last4: m.last4, exp_month: m.expMonth, exp_year: m.expYear });

export const toBilling = (b: CustomerBilling) => ({
  has_customer: b.hasCustomer,
  default_payment_method: b.defaultPaymentMethod ? toPaymentMethod(b.defaultPaymentMethod) : null,
});

export const toCustomerProduct = (p: CustomerProduct) => ({
  id: p.id,
  quantity: p.quantity,
  product: { display_name: p.displayName, customer_type: p.customerType, server_only: p.serverOnly, stackable: p.stackable },
});

export const toInvoice = (i: CustomerInvoice) => ({
  created_at_millis: i.createdAtMillis,
  status: i.status,
  amount_total: i.amountTotal,
  hosted_invoice_url: i.hostedInvoiceUrl,
});
