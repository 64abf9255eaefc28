/**
 * A local stand-in for the parts of Stripe's API that payments call, on a loopback port:
 * the real `stripe` SDK talks to it over HTTP (STRIPE_API_BASE_URL), so tests run the SDK's
 * own request building, form encoding, Stripe-Account header and response parsing. It keeps
 * what was created in memory and answers with objects shaped like Stripe's; tests read
 * `requests` to see what was asked and change `subscriptions` to play what Stripe knows.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

export interface StandInRequest {
  method: string;
  path: string;
  /** The connected account the call acted on (Stripe-Account header), if any. */
  account: string | undefined;
  form: URLSearchParams;
}

export interface StandInSubscription {
  id: string;
  status: Stripe.Subscription.Status;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  account: string | undefined;
  /** The price a switch set (subscription update with items[0][price_data]); absent until then. */
  price?: { product: string; currency: string; unit_amount: number; interval: string; interval_count: number; quantity: number };
}

export interface StripeStandIn {
  url: string;
  /** Env for the test server: key, webhook secret and API base pointing here. */
  env: Record<string, string>;
  webhookSecret: string;
  requests: StandInRequest[];
  accounts: Map<string, { id: string; charges_enabled: boolean; details_submitted: boolean; payouts_enabled: boolean }>;
  subscriptions: Map<string, StandInSubscription>;
  checkoutSessions: Map<string, { id: string; metadata: Record<string, string>; mode: string; account: string | undefined; amount_total: number; currency: string }>;
  refunds: Array<{ id: string; payment_intent: string; amount: number; account: string | undefined }>;
  /**
   * Plays Stripe failing: "server-error" answers every call 500 (api_error), "connection"
   * drops every connection unanswered; null (the default) answers normally.
   */
  failure: StandInFailure;
  /** A webhook delivery as Stripe would send it: the body and a valid Stripe-Signature header. */
  signedEvent(event: { id?: string; type: string; created?: number; account?: string; object: Record<string, unknown> }): { body: string; signature: string };
  close(): Promise<void>;
}

export type StandInFailure = "server-error" | "connection" | null;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

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

/** A fixed port and webhook secret are for a long-running stand-in beside another test suite (scripts/stack-e2e). */
export async function startStripeStandIn(options: { port?: number; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const sdk = new Stripe("sk_test_stand_in");
  const requests: StandInRequest[] = [];
  const accounts: StripeStandIn["accounts"] = new Map();
  const subscriptions: StripeStandIn["subscriptions"] = new Map();
  const checkoutSessions: StripeStandIn["checkoutSessions"] = new Map();
  const refunds: StripeStandIn["refunds"] = [];
  let base = "";
  let failure: StandInFailure = null;

  const subscriptionObject = (s: StandInSubscription) => ({
    id: s.id,
    object: "subscription",
    status: s.status,
    cancel_at_period_end: s.cancel_at_period_end,
    metadata: s.metadata,
    items: {
      object: "list",
      data: [{ id: `si_${s.id.slice(4)}`, object: "subscription_item", quantity: 1, current_period_start: s.current_period_start, current_period_end: s.current_period_end }],
    },
  });

  const methodPreferences = new Map<string, "on" | "off">([["card", "on"], ["link", "off"], ["klarna", "off"]]);
  const paymentMethodConfig = () => {
    const config: Record<string, unknown> = { id: "pmc_default", object: "payment_method_configuration", active: true, is_default: true, name: "Default" };
    for (const [key, value] of methodPreferences) config[key] = { available: true, display_preference: { overridable: true, preference: value, value } };
    return config;
  };

  const route = (method: string, path: string, form: URLSearchParams, account: string | undefined): [number, unknown] => {
    const now = Math.floor(Date.now() / 1000);
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/accounts") {
      const account = { id: id("acct"), object: "account", charges_enabled: false, details_submitted: false, payouts_enabled: false, metadata: nested(form, "metadata") };
      accounts.set(account.id, account);
      return [200, account];
    }
    if (method === "GET" && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const found = accounts.get(m[1]!);
      return found ? [200, { object: "account", ...found }] : [404, { error: { type: "invalid_request_error", message: "No such account" } }];
    }
    if (method === "POST" && path === "/v1/account_links") {
      return [200, { object: "account_link", created: now, expires_at: now + 300, url: `${base}/onboarding/${form.get("account")}` }];
    }
    if (method === "POST" && path === "/v1/account_sessions") {
      return [200, { object: "account_session", account: form.get("account"), client_secret: `${id("accs")}_secret_${randomBytes(8).toString("hex")}`, expires_at: now + 1800, livemode: false, components: {} }];
    }
    if (method === "POST" && (m = path.match(/^\/v1\/payment_method_configurations\/([^/]+)$/))) {
      for (const [name, value] of form) {
        const key = name.match(/^([a-z_]+)\[display_preference\]\[preference\]$/)?.[1];
        if (key && (value === "on" || value === "off")) methodPreferences.set(key, value);
      }
      return [200, paymentMethodConfig()];
    }
    if (method === "GET" && path === "/v1/payment_method_configurations") {
      return [200, { object: "list", url: path, has_more: false, data: [paymentMethodConfig()] }];
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const session = {
        id: id("cs_test"),
        metadata: nested(form, "metadata"),
        mode: form.get("mode") ?? "payment",
        account,
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]") ?? 0) * Number(form.get("line_items[0][quantity]") ?? 1),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
      };
      checkoutSessions.set(session.id, session);
      return [200, { object: "checkout.session", ...session, url: `${base}/checkout/${session.id}`, status: "open", payment_status: "unpaid", success_url: form.get("success_url") }];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const found = subscriptions.get(m[1]!);
      if (!found || found.account !== account) return [404, { error: { type: "invalid_request_error", message: "No such subscription" } }];
      if (method === "DELETE") {
        found.status = "canceled";
      } else if (method === "POST" && form.has("cancel_at_period_end")) {
        found.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
      } else if (method === "POST" && form.has("items[0][price_data][unit_amount]")) {
        if (form.get("items[0][id]") !== `si_${found.id.slice(4)}`) return [400, { error: { type: "invalid_request_error", message: "No such subscription item" } }];
        found.price = {
          product: form.get("items[0][price_data][product]") ?? "",
          currency: form.get("items[0][price_data][currency]") ?? "",
          unit_amount: Number(form.get("items[0][price_data][unit_amount]")),
          interval: form.get("items[0][price_data][recurring][interval]") ?? "",
          interval_count: Number(form.get("items[0][price_data][recurring][interval_count]") ?? 1),
          quantity: Number(form.get("items[0][quantity]") ?? 1),
        };
      }
      return [200, subscriptionObject(found)];
    }
    if (method === "POST" && path === "/v1/products") {
      return [200, { object: "product", id: id("prod"), name: form.get("name"), active: true }];
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      return [200, { object: "billing_portal.session", id: id("bps"), customer: form.get("customer"), return_url: form.get("return_url"), url: `${base}/portal/${form.get("customer")}` }];
    }
    if (method === "POST" && path === "/v1/refunds") {
      const refund = { id: id("re"), payment_intent: form.get("payment_intent") ?? "", amount: Number(form.get("amount")), account };
      refunds.push(refund);
      return [200, { object: "refund", status: "succeeded", currency: "usd", ...refund }];
    }
    return [404, { error: { type: "invalid_request_error", message: `The stand-in does not answer ${method} ${path}` } }];
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const text = await readBody(req);
    const form = new URLSearchParams(req.method === "GET" || req.method === "DELETE" ? url.search : text);
    const account = (req.headers["stripe-account"] as string | undefined) ?? undefined;
    requests.push({ method: req.method ?? "GET", path: url.pathname, account, form });
    if (failure === "connection") {
      req.socket.destroy();
      return;
    }
    if (failure === "server-error") {
      res.writeHead(500, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify({ error: { type: "api_error", message: "Something went wrong on Stripe's end." } }));
      return;
    }
    const auth = req.headers.authorization ?? "";
    const [status, body] = auth.startsWith("Bearer sk_")
      ? route(req.method ?? "GET", url.pathname, form, account)
      : [401, { error: { type: "invalid_request_error", message: "Invalid API key" } }];
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    env: { STRIPE_SECRET_KEY: "sk_test_gatehouse_stand_in", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE_URL: base },
    webhookSecret,
    requests,
    accounts,
    subscriptions,
    checkoutSessions,
    refunds,
    get failure() {
      return failure;
    },
    set failure(value: StandInFailure) {
      failure = value;
    },
    signedEvent(event) {
      const body = JSON.stringify({
        id: event.id ?? id("evt"),
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
