import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import type { ServiceDeps } from "../../services/deps";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { getCustomerBilling, listCustomerInvoices } from "../../services/payments/customer-reads";
import { listCustomerProducts } from "../../services/payments/products";
import { assertCallerMayActFor, assertCustomerExists, type Customer, type CustomerCaller, type CustomerType } from "../../services/payments/customers";
import { CustomerBillingSchema, CustomerInvoiceSchema, CustomerProductSchema, paymentsPageSchema, toBilling, toCustomerProduct, toInvoice } from "./shapes";

const MAX_PAGE_SIZE = 100;

export const customerParams = <T extends readonly [CustomerType, ...CustomerType[]]>(types: T) =>
  z.object({
    customer_type: z.enum(types).openapi({ param: { name: "customer_type", in: "path" } }),
    customer_id: z
      .string()
      .min(1)
      .max(255)
      .openapi({ param: { name: "customer_id", in: "path" }, description: "The user's or team's id, `me` for the signed-in user, or the app's own id of a custom customer." }),
  });

export const PageQuery = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().openapi({ description: `1 to ${MAX_PAGE_SIZE}.` }),
});

export const CUSTOMER_ERRORS = [
  "CUSTOMER_ACCESS_DENIED",
  "TEAM_MEMBERSHIP_NOT_FOUND",
  "TEAM_PERMISSION_REQUIRED",
  "USER_NOT_FOUND",
  "TEAM_NOT_FOUND",
  "USER_AUTHENTICATION_REQUIRED",
  "CANNOT_GET_OWN_USER_WITHOUT_USER",
] as const;
export const ACCESS_NOTE =
  "With client access a user acts only for itself and for the teams in which it holds `team_admin`: another user or a custom customer answers CUSTOMER_ACCESS_DENIED, " +
  "a team it is not in TEAM_MEMBERSHIP_NOT_FOUND, a team it does not administer TEAM_PERMISSION_REQUIRED. A user or team that does not exist answers USER_NOT_FOUND or TEAM_NOT_FOUND.";
const EMPTY_NOTE = "A customer has none until it first pays through Stripe or adds a card (and none at all without the project's Stripe account).";

const getCustomerBillingRoute = authenticatedRoute(CLIENT_AND_UP, [...CUSTOMER_ERRORS, "PAYMENT_PROVIDER_UNAVAILABLE"], {
  operationId: "getCustomerBilling",
  method: "get",
  path: "/payments/billing/{customer_type}/{customer_id}",
  tags: ["Payments"],
  summary: "A customer's payment account and default payment method",
  description: `Its Stripe customer on the project's account, and its default card. Read by the SDK's account settings on every render. ${EMPTY_NOTE} ${ACCESS_NOTE}`,
  request: { params: customerParams(["user", "team"] as const) },
  responses: { 200: jsonResponse(CustomerBillingSchema, "The customer's billing") },
});

const listCustomerProductsRoute = authenticatedRoute(CLIENT_AND_UP, [...CUSTOMER_ERRORS, "PAYMENTS_CURSOR_INVALID"], {
  operationId: "listCustomerProducts",
  method: "get",
  path: "/payments/products/{customer_type}/{customer_id}",
  tags: ["Payments"],
  summary: "The products a customer holds, a page at a time",
  description: `One entry per product (inline products together), in product id order; the cursor is the product id of the next page's first entry. Client access does not see server-only products, nor server metadata. ${ACCESS_NOTE}`,
  request: { params: customerParams(["user", "team", "custom"] as const), query: PageQuery },
  responses: { 200: jsonResponse(paymentsPageSchema(CustomerProductSchema, "CustomerProductList"), "A page of products") },
});

const listCustomerInvoicesRoute = authenticatedRoute(CLIENT_AND_UP, [...CUSTOMER_ERRORS, "PAYMENTS_CURSOR_INVALID"], {
  operationId: "listCustomerInvoices",
  method: "get",
  path: "/payments/invoices/{customer_type}/{customer_id}",
  tags: ["Payments"],
  summary: "A customer's invoices, a page at a time",
  description: `Its subscriptions' invoices at Stripe, newest first; the cursor is the last invoice's id. ${EMPTY_NOTE} ${ACCESS_NOTE}`,
  request: { params: customerParams(["user", "team"] as const), query: PageQuery },
  responses: { 200: jsonResponse(paymentsPageSchema(CustomerInvoiceSchema, "CustomerInvoiceList"), "A page of invoices") },
});

/**
 * The customer the path names, once the caller may act for it and it exists; `me` is resolved
 * first, so it answers as on every own-user route. `check` runs between the two (the item or
 * product the request names, as Stack Auth checks them before the customer's existence).
 */
export async function requestedCustomer(
  deps: ServiceDeps,
  auth: RequestAuth,
  params: { customer_type: CustomerType; customer_id: string },
  check?: (customer: Customer) => void,
): Promise<Customer> {
  const id = params.customer_type === "user" && params.customer_id === "me" ? requireUser(auth, true).sub : params.customer_id;
  const customer: Customer = { type: params.customer_type, id };
  await assertCallerMayActFor(deps, auth.tenancy, callerOf(auth), customer);
  check?.(customer);
  await assertCustomerExists(deps, auth.tenancy, customer);
  return customer;
}

/** Who asks: the signed-in user with client access (USER_AUTHENTICATION_REQUIRED without one). */
export const callerOf = (auth: RequestAuth): CustomerCaller => (auth.type === "client" ? { access: "client", userId: requireUser(auth).sub } : { access: auth.type });

export function registerCustomerReadRoutes(router: Router): void {
  router.openapi(getCustomerBillingRoute, async (c) => {
    const customer = await requestedCustomer(c.var.deps, c.var.auth, c.req.valid("param"));
    return c.json(toBilling(await getCustomerBilling(c.var.deps, c.var.auth.tenancy, customer)), 200);
  });

  router.openapi(listCustomerProductsRoute, async (c) => {
    const { deps, auth } = c.var;
    const customer = await requestedCustomer(deps, auth, c.req.valid("param"));
    const page = await listCustomerProducts(deps.db, auth.tenancy, auth.tenancy.config.payments, customer, auth.type, c.req.valid("query"));
    return c.json({ items: page.items.map((p) => toCustomerProduct(p, auth.type)), is_paginated: true as const, pagination: { next_cursor: page.nextCursor } }, 200);
  });

  router.openapi(listCustomerInvoicesRoute, async (c) => {
    const customer = await requestedCustomer(c.var.deps, c.var.auth, c.req.valid("param"));
    const page = await listCustomerInvoices(c.var.deps, c.var.auth.tenancy, customer, c.req.valid("query"));
    return c.json({ items: page.items.map(toInvoice), is_paginated: true as const, pagination: { next_cursor: page.nextCursor } }, 200);
  });
}
