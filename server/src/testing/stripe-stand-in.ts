/**
 * A local stand-in for the parts of Stripe's API that payments call, on a loopback port:
 * the real `stripe` SDK talks to it over HTTP (STRIPE_API_BASE_URL), so tests run the SDK's
 * own request building, form encoding, Stripe-Account header and response parsing. It keeps
 * what was created in memory, per connected account, and answers with objects shaped like
 * Stripe's (accounts, customers, payment methods, PaymentIntents, SetupIntents, subscriptions
 * with their invoices, products, refunds, payment method configurations).
 *
 * Beside the API it serves:
 * - `GET /v3/`: a stand-in for Stripe.js (STRIPE_JS_URL), enough of it for the checkout page:
 *   `Stripe(key, { stripeAccount })`, `elements({ clientSecret })`, a payment element that
 *   shows a card form, and `confirmPayment`/`confirmSetup`, which confirm here and then go to
 *   the return URL as Stripe.js does;
 * - `POST /_stand-in/confirm` `{client_secret, account, card}`: what a buyer's confirmation does
 *   at Stripe (the payment succeeds; a subscription's first invoice is paid and the subscription
 *   becomes active). An intent of another account is not found, and Stripe's declined test card
 *   4000 0000 0000 0002 is refused with a card error. Webhooks are the test's to deliver (`signedEvent` with the objects here);
 * - `POST /_stand-in/seed` `{account, object}`: makes Stripe know the objects a webhook event
 *   speaks of (Stack Auth's tests describe them in `stack_stripe_mock_data`; the harness's
 *   proxy calls this before it delivers such an event).
 *
 * `stripeMockFixtures` answers a few values as stripe-mock (Stripe's own mock, which Stack
 * Auth's tests run against) does: the account link URL and the client secrets of new
 * PaymentIntents and subscriptions.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { STRIPE_JS_STAND_IN } from "./stripe-js-stand-in";

export interface StandInRequest {
  method: string;
  path: string;
  /** The connected account the call acted on (Stripe-Account header), if any. */
  account: string | undefined;
  form: URLSearchParams;
}

type Json = Record<string, unknown>;

export interface StandInSubscription {
  id: string;
  status: Stripe.Subscription.Status;
  customer: string | null;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  metadata: Record<string, string>;
  account: string | undefined;
  quantity: number;
  latest_invoice: string | null;
  /** The price it bills: set when it is made, and by a switch (items[0][price_data]). */
  price?: { product: string; currency: string; unit_amount: number; interval: string; interval_count: number; quantity: number };
}

export interface StandInPaymentIntent {
  id: string;
  account: string | undefined;
  amount: number;
  currency: string;
  customer: string | null;
  metadata: Record<string, string>;
  status: "requires_payment_method" | "succeeded" | "canceled";
  client_secret: string;
  /** The invoice it pays, for a subscription's. */
  invoice: string | null;
}

export interface StandInInvoice {
  id: string;
  account: string | undefined;
  customer: string | null;
  subscription: string;
  billing_reason: "subscription_create" | "subscription_cycle";
  status: "open" | "paid" | "uncollectible";
  amount_due: number;
  amount_paid: number;
  currency: string;
  payment_intent: string | null;
  created: number;
}

export interface StripeStandIn {
  url: string;
  /** Env for the test server: key, webhook secret, API base and Stripe.js pointing here. */
  env: Record<string, string>;
  webhookSecret: string;
  requests: StandInRequest[];
  accounts: Map<string, { id: string; charges_enabled: boolean; details_submitted: boolean; payouts_enabled: boolean; metadata: Record<string, string> }>;
  customers: Map<string, { id: string; account: string | undefined; metadata: Record<string, string>; default_payment_method: string | null }>;
  paymentIntents: Map<string, StandInPaymentIntent>;
  setupIntents: Map<string, { id: string; account: string | undefined; customer: string | null; status: string; payment_method: string | null; client_secret: string }>;
  subscriptions: Map<string, StandInSubscription>;
  invoices: Map<string, StandInInvoice>;
  refunds: Array<{ id: string; payment_intent: string; amount: number; account: string | undefined }>;
  /**
   * Plays Stripe failing: "server-error" answers every call 500 (api_error), "connection"
   * drops every connection unanswered; null (the default) answers normally.
   */
  failure: StandInFailure;
  /** What a buyer confirming the payment with this client secret does at Stripe; the PaymentIntent (or SetupIntent) it confirmed. */
  confirm(clientSecret: string): { paymentIntent?: StandInPaymentIntent; setupIntent?: string };
  /** The objects as Stripe's API answers them, for webhook payloads. */
  paymentIntentObject(id: string): Json;
  subscriptionObject(id: string): Json;
  invoiceObject(id: string): Json;
  /** A webhook delivery as Stripe would send it: the body and a valid Stripe-Signature header. */
  signedEvent(event: { id?: string; type: string; created?: number; account?: string; object: Record<string, unknown> }): { body: string; signature: string };
  close(): Promise<void>;
}

export type StandInFailure = "server-error" | "connection" | null;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** `metadata[projectId]=x` → `{ projectId: "x" }`. */
function nested(form: URLSearchParams, key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = name.match(new RegExp(`^${key.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`));
    if (match) out[match[1]!] = value;
  }
  return out;
}

const missing = (what: string, id: string): [number, unknown] => [404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } }];

const list = (url: string, data: unknown[]) => ({ object: "list", url, has_more: false, data });

/** stripe-mock's fixture values (Stripe's OpenAPI fixtures), which Stack Auth's tests pin. */
/** Stripe's test card that is always declined (https://docs.stripe.com/testing#declined-payments). */
const DECLINED_CARD = "4000000000000002";

const STRIPE_MOCK = {
  accountLinkUrl: "https://sangeekp-15t6ai--manage-mydev.dev.stripe.me/setup/s/acct_1PgafTB7WZ01zgkW/MerI6itPZo2K",
  paymentIntentClientSecret: "pi_1PgafyB7WZ01zgkWSjxsAJo3_secret_Dm43xiq1k0ywrRRjDoi8y1gkM",
  subscriptionClientSecret: "",
};

/** A fixed port and webhook secret are for a long-running stand-in beside another test suite (scripts/stack-e2e). */
export async function startStripeStandIn(options: { port?: number; webhookSecret?: string; stripeMockFixtures?: boolean } = {}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const sdk = new Stripe("sk_test_stand_in");
  const requests: StandInRequest[] = [];
  const accounts: StripeStandIn["accounts"] = new Map();
  const customers: StripeStandIn["customers"] = new Map();
  const paymentMethods = new Map<string, { id: string; account: string | undefined; customer: string | null; card: { brand: string; last4: string; exp_month: number; exp_year: number } }>();
  const paymentIntents: StripeStandIn["paymentIntents"] = new Map();
  const setupIntents: StripeStandIn["setupIntents"] = new Map();
  const subscriptions: StripeStandIn["subscriptions"] = new Map();
  const invoices: StripeStandIn["invoices"] = new Map();
  const refunds: StripeStandIn["refunds"] = [];
  let base = "";
  let failure: StandInFailure = null;
  const fixtures = options.stripeMockFixtures === true;
  const secretFor = (id: string) => `${id}_secret_${randomBytes(12).toString("hex")}`;

  const paymentMethodObject = (pm: { id: string; customer: string | null; card: Json }) => ({ id: pm.id, object: "payment_method", type: "card", customer: pm.customer, card: pm.card });
  const customerObject = (c: StripeStandIn["customers"] extends Map<string, infer V> ? V : never) => ({
    id: c.id,
    object: "customer",
    metadata: c.metadata,
    invoice_settings: { default_payment_method: c.default_payment_method, custom_fields: null, footer: null, rendering_options: null },
  });
  const paymentIntentObject = (pi: StandInPaymentIntent) => ({
    id: pi.id,
    object: "payment_intent",
    amount: pi.amount,
    amount_received: pi.status === "succeeded" ? pi.amount : 0,
    currency: pi.currency,
    customer: pi.customer,
    metadata: pi.metadata,
    status: pi.status,
    client_secret: pi.client_secret,
    livemode: false,
  });
  const invoiceObject = (inv: StandInInvoice, expandConfirmation = false) => {
    const sub = subscriptions.get(inv.subscription);
    const pi = inv.payment_intent ? paymentIntents.get(inv.payment_intent) : undefined;
    return {
      id: inv.id,
      object: "invoice",
      customer: inv.customer,
      billing_reason: inv.billing_reason,
      status: inv.status,
      amount_due: inv.amount_due,
      amount_paid: inv.amount_paid,
      total: inv.amount_due,
      currency: inv.currency,
      created: inv.created,
      hosted_invoice_url: `${base}/invoices/${inv.id}`,
      parent: { type: "subscription_details", subscription_details: { subscription: inv.subscription, metadata: sub?.metadata ?? {} } },
      lines: {
        object: "list",
        data: [
          {
            id: `il_${inv.id.slice(3)}`,
            object: "line_item",
            description: sub ? `${sub.quantity} × ${sub.price?.product ?? "product"}` : null,
            quantity: sub?.quantity ?? 1,
            period: { start: sub?.current_period_start ?? inv.created, end: sub?.current_period_end ?? inv.created },
            parent: { type: "subscription_item_details", subscription_item_details: { subscription: inv.subscription } },
          },
        ],
      },
      payments: { object: "list", data: pi ? [{ object: "invoice_payment", status: inv.status === "paid" ? "paid" : "open", payment: { type: "payment_intent", payment_intent: pi.id } }] : [] },
      ...(expandConfirmation ? { confirmation_secret: { type: "payment_intent", client_secret: fixtures ? STRIPE_MOCK.subscriptionClientSecret : (pi?.client_secret ?? "") } } : {}),
    };
  };
  const subscriptionObject = (s: StandInSubscription, expandConfirmation = false) => ({
    id: s.id,
    object: "subscription",
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancel_at_period_end,
    ended_at: s.ended_at,
    metadata: s.metadata,
    latest_invoice: s.latest_invoice && invoices.get(s.latest_invoice) && expandConfirmation ? invoiceObject(invoices.get(s.latest_invoice)!, true) : s.latest_invoice,
    items: {
      object: "list",
      data: [
        {
          id: `si_${s.id.slice(4)}`,
          object: "subscription_item",
          quantity: s.quantity,
          current_period_start: s.current_period_start,
          current_period_end: s.current_period_end,
          price: s.price ? { object: "price", currency: s.price.currency, unit_amount: s.price.unit_amount, product: s.price.product, recurring: { interval: s.price.interval, interval_count: s.price.interval_count } } : null,
        },
      ],
    },
  });

  const methodPreferences = new Map<string, "on" | "off">([["card", "on"], ["link", "off"], ["klarna", "off"]]);
  const paymentMethodConfig = () => {
    const config: Record<string, unknown> = { id: "pmc_default", object: "payment_method_configuration", active: true, is_default: true, name: "Default" };
    for (const [key, value] of methodPreferences) config[key] = { available: true, display_preference: { overridable: true, preference: value, value } };
    return config;
  };

  const periodEnd = (start: number, interval: string, count: number) => {
    const d = new Date(start * 1000);
    if (interval === "day") d.setUTCDate(d.getUTCDate() + count);
    else if (interval === "week") d.setUTCDate(d.getUTCDate() + 7 * count);
    else if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + count);
    else d.setUTCMonth(d.getUTCMonth() + count);
    return Math.floor(d.getTime() / 1000);
  };

  /** What confirming a payment does at Stripe. */
  const confirm = (clientSecret: string): { paymentIntent?: StandInPaymentIntent; setupIntent?: string } => {
    const pi = [...paymentIntents.values()].find((p) => p.client_secret === clientSecret);
    if (pi) {
      pi.status = "succeeded";
      if (pi.invoice) {
        const invoice = invoices.get(pi.invoice);
        if (invoice) {
          invoice.status = "paid";
          invoice.amount_paid = invoice.amount_due;
          const sub = subscriptions.get(invoice.subscription);
          if (sub && sub.status === "incomplete") sub.status = "active";
        }
      }
      if (pi.customer) {
        const card = { id: newId("pm"), account: pi.account, customer: pi.customer, card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 } };
        paymentMethods.set(card.id, card);
      }
      return { paymentIntent: pi };
    }
    const si = [...setupIntents.values()].find((s) => s.client_secret === clientSecret);
    if (si) {
      const card = { id: newId("pm"), account: si.account, customer: si.customer, card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 } };
      paymentMethods.set(card.id, card);
      si.status = "succeeded";
      si.payment_method = card.id;
      return { setupIntent: si.id };
    }
    return {};
  };

  /** Makes Stripe know what a webhook event speaks of (the harness's seeding, see the module comment). */
  const seed = (account: string | undefined, object: Json) => {
    const mock = (object.stack_stripe_mock_data ?? {}) as Record<string, Json>;
    const customerId = typeof object.customer === "string" ? object.customer : null;
    if (customerId && mock["customers.retrieve"]) {
      const metadata = ((mock["customers.retrieve"].metadata ?? {}) as Record<string, string>) ?? {};
      customers.set(customerId, { id: customerId, account, metadata, default_payment_method: customers.get(customerId)?.default_payment_method ?? null });
    }
    const listed = (mock["subscriptions.list"]?.data ?? []) as Json[];
    for (const raw of listed) {
      if (typeof raw.id !== "string") continue;
      const item = (((raw.items as Json | undefined)?.data as Json[] | undefined) ?? [])[0] ?? {};
      subscriptions.set(raw.id, {
        id: raw.id,
        status: (raw.status as Stripe.Subscription.Status) ?? "active",
        customer: customerId,
        current_period_start: Number(item.current_period_start ?? Math.floor(Date.now() / 1000)),
        current_period_end: Number(item.current_period_end ?? Math.floor(Date.now() / 1000)),
        cancel_at_period_end: raw.cancel_at_period_end === true,
        ended_at: typeof raw.ended_at === "number" ? raw.ended_at : null,
        metadata: (raw.metadata as Record<string, string>) ?? {},
        account,
        quantity: Number(item.quantity ?? 1),
        latest_invoice: null,
      });
    }
    // Only these customers' subscriptions exist for them now.
    if (customerId && mock["subscriptions.list"]) {
      const kept = new Set(listed.map((s) => s.id));
      for (const [id, sub] of subscriptions) if (sub.customer === customerId && !kept.has(id)) subscriptions.delete(id);
    }
    if (typeof object.id === "string" && object.id.startsWith("pi_")) {
      paymentIntents.set(object.id, {
        id: object.id,
        account,
        amount: Number(object.amount ?? object.amount_received ?? 0),
        currency: typeof object.currency === "string" ? object.currency : "usd",
        customer: customerId,
        metadata: (object.metadata as Record<string, string>) ?? {},
        status: "succeeded",
        client_secret: secretFor(object.id),
        invoice: null,
      });
    }
  };

  const route = (method: string, path: string, form: URLSearchParams, account: string | undefined): [number, unknown] => {
    const now = Math.floor(Date.now() / 1000);
    const onAccount = <T extends { account: string | undefined }>(found: T | undefined) => (found && found.account === account ? found : undefined);
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/accounts") {
      const created = { id: newId("acct"), charges_enabled: false, details_submitted: false, payouts_enabled: false, metadata: nested(form, "metadata") };
      accounts.set(created.id, created);
      return [200, { object: "account", ...created }];
    }
    if (method === "GET" && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const found = accounts.get(m[1]!);
      return found ? [200, { object: "account", ...found }] : missing("account", m[1]!);
    }
    if (method === "POST" && path === "/v1/account_links") {
      return [200, { object: "account_link", created: now, expires_at: now + 300, url: fixtures ? STRIPE_MOCK.accountLinkUrl : `${base}/onboarding/${form.get("account")}` }];
    }
    if (method === "POST" && path === "/v1/account_sessions") {
      return [200, { object: "account_session", account: form.get("account"), client_secret: secretFor(newId("accs")), expires_at: now + 1800, livemode: false, components: {} }];
    }
    if (method === "POST" && (m = path.match(/^\/v1\/payment_method_configurations\/([^/]+)$/))) {
      for (const [name, value] of form) {
        const key = name.match(/^([a-z_]+)\[display_preference\]\[preference\]$/)?.[1];
        if (key && (value === "on" || value === "off")) methodPreferences.set(key, value);
      }
      return [200, paymentMethodConfig()];
    }
    if (method === "GET" && path === "/v1/payment_method_configurations") {
      return [200, list(path, [paymentMethodConfig()])];
    }
    if (method === "POST" && path === "/v1/customers") {
      const created = { id: newId("cus"), account, metadata: nested(form, "metadata"), default_payment_method: null };
      customers.set(created.id, created);
      return [200, customerObject(created)];
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const found = onAccount(customers.get(m[1]!));
      if (!found) return missing("customer", m[1]!);
      if (method === "POST") {
        const pm = form.get("invoice_settings[default_payment_method]");
        if (pm !== null) found.default_payment_method = pm || null;
        Object.assign(found.metadata, nested(form, "metadata"));
      }
      return [200, customerObject(found)];
    }
    if (method === "GET" && (m = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/))) {
      if (!onAccount(customers.get(m[1]!))) return missing("customer", m[1]!);
      return [200, list(path, [...paymentMethods.values()].filter((pm) => pm.customer === m![1] && pm.account === account).map(paymentMethodObject))];
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payment_methods\/([^/]+)$/))) {
      const found = onAccount(paymentMethods.get(m[1]!));
      return found ? [200, paymentMethodObject(found)] : missing("payment_method", m[1]!);
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      const id = newId("seti");
      const created = { id, account, customer: form.get("customer"), status: "requires_payment_method", payment_method: null, client_secret: secretFor(id) };
      setupIntents.set(id, created);
      return [200, { object: "setup_intent", ...created, account: undefined }];
    }
    if (method === "GET" && (m = path.match(/^\/v1\/setup_intents\/([^/]+)$/))) {
      const found = onAccount(setupIntents.get(m[1]!));
      return found ? [200, { object: "setup_intent", ...found, account: undefined }] : missing("setup_intent", m[1]!);
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = newId("pi");
      const created: StandInPaymentIntent = {
        id,
        account,
        amount: Number(form.get("amount") ?? 0),
        currency: form.get("currency") ?? "usd",
        customer: form.get("customer"),
        metadata: nested(form, "metadata"),
        status: "requires_payment_method",
        client_secret: fixtures ? STRIPE_MOCK.paymentIntentClientSecret : secretFor(id),
        invoice: null,
      };
      paymentIntents.set(id, created);
      return [200, paymentIntentObject(created)];
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const found = onAccount(paymentIntents.get(m[1]!));
      return found ? [200, paymentIntentObject(found)] : missing("payment_intent", m[1]!);
    }
    if (method === "POST" && path === "/v1/products") {
      return [200, { object: "product", id: newId("prod"), name: form.get("name"), active: true }];
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const customer = form.get("customer");
      if (!customer || !onAccount(customers.get(customer))) return missing("customer", customer ?? "");
      const id = newId("sub");
      const interval = form.get("items[0][price_data][recurring][interval]") ?? "month";
      const count = Number(form.get("items[0][price_data][recurring][interval_count]") ?? 1);
      const quantity = Number(form.get("items[0][quantity]") ?? 1);
      const unit = Number(form.get("items[0][price_data][unit_amount]") ?? 0);
      const currency = form.get("items[0][price_data][currency]") ?? "usd";
      const invoiceId = newId("in");
      const piId = newId("pi");
      paymentIntents.set(piId, { id: piId, account, amount: unit * quantity, currency, customer, metadata: {}, status: "requires_payment_method", client_secret: secretFor(piId), invoice: invoiceId });
      invoices.set(invoiceId, { id: invoiceId, account, customer, subscription: id, billing_reason: "subscription_create", status: "open", amount_due: unit * quantity, amount_paid: 0, currency, payment_intent: piId, created: now });
      const created: StandInSubscription = {
        id,
        status: "incomplete",
        customer,
        current_period_start: now,
        current_period_end: periodEnd(now, interval, count),
        cancel_at_period_end: false,
        ended_at: null,
        metadata: nested(form, "metadata"),
        account,
        quantity,
        latest_invoice: invoiceId,
        price: { product: form.get("items[0][price_data][product]") ?? "", currency, unit_amount: unit, interval, interval_count: count, quantity },
      };
      subscriptions.set(id, created);
      return [200, subscriptionObject(created, form.getAll("expand[]").includes("latest_invoice.confirmation_secret") || form.getAll("expand[0]").includes("latest_invoice.confirmation_secret"))];
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const customer = new URLSearchParams(form).get("customer");
      return [200, list(path, [...subscriptions.values()].filter((s) => s.account === account && (!customer || s.customer === customer)).map((s) => subscriptionObject(s)))];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const found = onAccount(subscriptions.get(m[1]!));
      if (!found) return missing("subscription", m[1]!);
      if (method === "DELETE") {
        found.status = "canceled";
        found.ended_at = now;
      } else if (method === "POST") {
        if (form.has("cancel_at_period_end")) found.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
        if (form.has("items[0][id]") && form.get("items[0][id]") !== `si_${found.id.slice(4)}`) {
          return [400, { error: { type: "invalid_request_error", message: "No such subscription item" } }];
        }
        if (form.has("items[0][quantity]")) found.quantity = Number(form.get("items[0][quantity]"));
        if (form.has("items[0][price_data][unit_amount]")) {
          found.price = {
            product: form.get("items[0][price_data][product]") ?? "",
            currency: form.get("items[0][price_data][currency]") ?? "",
            unit_amount: Number(form.get("items[0][price_data][unit_amount]")),
            interval: form.get("items[0][price_data][recurring][interval]") ?? "",
            interval_count: Number(form.get("items[0][price_data][recurring][interval_count]") ?? 1),
            quantity: Number(form.get("items[0][quantity]") ?? 1),
          };
        }
        Object.assign(found.metadata, nested(form, "metadata"));
      }
      return [200, subscriptionObject(found)];
    }
    if (method === "GET" && (m = path.match(/^\/v1\/invoices\/([^/]+)$/))) {
      const found = onAccount(invoices.get(m[1]!));
      return found ? [200, invoiceObject(found)] : missing("invoice", m[1]!);
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = form.get("payment_intent") ?? "";
      const intent = onAccount(paymentIntents.get(paymentIntent));
      if (!intent) return missing("payment_intent", paymentIntent);
      if (intent.status !== "succeeded") return [400, { error: { type: "invalid_request_error", code: "charge_not_succeeded", message: "This PaymentIntent has not succeeded." } }];
      const refund = { id: newId("re"), payment_intent: paymentIntent, amount: Number(form.get("amount") ?? intent.amount), account };
      refunds.push(refund);
      return [200, { object: "refund", status: "succeeded", currency: intent.currency, metadata: nested(form, "metadata"), ...refund, account: undefined }];
    }
    return [404, { error: { type: "invalid_request_error", message: `The stand-in does not answer ${method} ${path}` } }];
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const text = await readBody(req);
    if (url.pathname === "/v3/" || url.pathname === "/v3") {
      res.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" });
      res.end(STRIPE_JS_STAND_IN.replace("__STAND_IN_URL__", base));
      return;
    }
    if (url.pathname.startsWith("/_stand-in/")) {
      const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type", "content-type": "application/json" };
      if (req.method === "OPTIONS") {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      const body = (text ? JSON.parse(text) : {}) as Json;
      if (url.pathname === "/_stand-in/confirm") {
        const secret = String(body.client_secret ?? "");
        // Stripe.js finds an intent only on the account it was made for (its stripeAccount option).
        const onAccount = (intent: { account: string | undefined } | undefined) => intent !== undefined && intent.account === (typeof body.account === "string" ? body.account : undefined);
        const known = onAccount([...paymentIntents.values()].find((p) => p.client_secret === secret)) || onAccount([...setupIntents.values()].find((s) => s.client_secret === secret));
        if (!known) {
          res.writeHead(404, cors);
          res.end(JSON.stringify({ error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment on this account." } }));
          return;
        }
        if (body.card === DECLINED_CARD) {
          res.writeHead(402, cors);
          res.end(JSON.stringify({ error: { type: "card_error", code: "card_declined", message: "The card was declined." } }));
          return;
        }
        const done = confirm(secret);
        res.writeHead(200, cors);
        res.end(JSON.stringify({ payment_intent: done.paymentIntent?.id ?? null, setup_intent: done.setupIntent ?? null }));
        return;
      }
      if (url.pathname === "/_stand-in/seed") {
        seed(typeof body.account === "string" ? body.account : undefined, (body.object ?? {}) as Json);
        res.writeHead(200, cors);
        res.end("{}");
        return;
      }
    }
    const form = new URLSearchParams(req.method === "GET" || req.method === "DELETE" ? url.search : text);
    const account = (req.headers["stripe-account"] as string | undefined) ?? undefined;
    requests.push({ method: req.method ?? "GET", path: url.pathname, account, form });
    if (failure === "connection") {
      req.socket.destroy();
      return;
    }
    if (failure === "server-error") {
      res.writeHead(500, { "content-type": "application/json", "request-id": newId("req") });
      res.end(JSON.stringify({ error: { type: "api_error", message: "Something went wrong on Stripe's end." } }));
      return;
    }
    const auth = req.headers.authorization ?? "";
    const [status, body] = auth.startsWith("Bearer sk_")
      ? route(req.method ?? "GET", url.pathname, form, account)
      : [401, { error: { type: "invalid_request_error", message: "Invalid API key" } }];
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;

  const objectOf = <T>(map: Map<string, T>, id: string, render: (value: T) => Json): Json => {
    const found = map.get(id);
    if (!found) throw new Error(`the stand-in has no ${id}`);
    return render(found);
  };

  return {
    url: base,
    env: {
      STRIPE_SECRET_KEY: "sk_test_gatehouse_stand_in",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE_URL: base,
      STRIPE_PUBLISHABLE_KEY: "pk_test_gatehouse_stand_in",
      STRIPE_JS_URL: `${base}/v3/`,
    },
    webhookSecret,
    requests,
    accounts,
    customers,
    paymentIntents,
    setupIntents,
    subscriptions,
    invoices,
    refunds,
    get failure() {
      return failure;
    },
    set failure(value: StandInFailure) {
      failure = value;
    },
    confirm,
    paymentIntentObject: (id) => objectOf(paymentIntents, id, paymentIntentObject),
    subscriptionObject: (id) => objectOf(subscriptions, id, (s) => subscriptionObject(s)),
    invoiceObject: (id) => objectOf(invoices, id, (i) => invoiceObject(i)),
    signedEvent(event) {
      const body = JSON.stringify({
        id: event.id ?? newId("evt"),
        object: "event",
        api_version: "2025-01-01",
        created: event.created ?? Math.floor(Date.now() / 1000),
        type: event.type,
        account: event.account,
        livemode: false,
        pending_webhooks: 1,
        data: { object: event.object },
      });
      return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
