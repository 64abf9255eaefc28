/**
 * Payments through Stripe, against the local stand-in (testing/stripe-stand-in.ts): the real
 * `stripe` SDK makes every call over HTTP, and webhook events are signed with the SDK's own
 * test helper (`stripe.webhooks.generateTestHeaderString`) and the webhook secret the server
 * was started with.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, signUpUser, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { startStripeStandIn, type StripeStandIn } from "../../testing/stripe-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { PURCHASE_CATALOG } from "../../testing/purchase-catalog";

let stripe: StripeStandIn;
let t: TestApp;
let project: ProjectFixture;
let accountId: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: stripe.env });
  project = await createProjectFixture(t);
  const patched = await callUntyped(t, "PATCH", "/internal/config/override/environment", {
    creds: project.admin,
    body: {
      config_override_string: JSON.stringify({
        ...PURCHASE_CATALOG,
        "payments.testMode": false,
        "payments.catalogs.tiers": { displayName: "Tiers" },
        "payments.products.starter": { displayName: "Starter", customerType: "user", catalogId: "tiers", prices: { monthly: { USD: "5", interval: [1, "month"] } } },
        "payments.products.plus": { displayName: "Plus", customerType: "user", catalogId: "tiers", prices: { monthly: { USD: "15", interval: [1, "month"] } } },
      }),
    },
  });
  expect(patched.status, patched.text).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

async function deliver(event: Parameters<StripeStandIn["signedEvent"]>[0]) {
  const { body, signature } = stripe.signedEvent({ account: accountId, ...event });
  return deliverRaw(body, signature);
}

function deliverRaw(body: string, signature: string | undefined) {
  return callUntyped(t, "POST", "/integrations/stripe/webhooks", {
    body,
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
  });
}

const held = async (user: SignedInUser) =>
  (await callUntyped(t, "GET", `/payments/products/user/${user.userId}`, { creds: { ...project.client, accessToken: user.accessToken } })).json.items as Array<{
    id: string | null;
    quantity: number;
    type: string;
    subscription: { subscription_id: string | null; current_period_end: string | null } | null;
  }>;

const transactions = async (user: SignedInUser, type?: string) =>
  (await callUntyped(t, "GET", `/internal/payments/transactions?customer_id=${user.userId}${type ? `&type=${type}` : ""}`, { creds: project.admin })).json.transactions as Array<{
    id: string;
    type: string;
    test_mode: boolean;
    entries: Array<{ type: string; charged_amount?: Record<string, string>; product_id?: string }>;
  }>;

/** A live purchase up to Stripe's checkout page: the checkout session the stand-in received. */
async function checkout(user: SignedInUser, productId: string, priceId: string) {
  const created = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
    creds: { ...project.client, accessToken: user.accessToken },
    body: { customer_type: "user", customer_id: user.userId, product_id: productId },
  });
  expect(created.status, created.text).toBe(200);
  const fullCode = decodeURIComponent(new URL(created.json.url).pathname.split("/").pop()!);
  const session = await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: priceId } });
  expect(session.status, session.text).toBe(200);
  const sessionId = session.json.checkout_url.split("/").pop() as string;
  return { fullCode, session: session.json, stripeSession: stripe.checkoutSessions.get(sessionId)! };
}

/** A subscription bought and paid through Stripe: its id at Stripe. */
async function subscribe(user: SignedInUser, productId: string) {
  const { stripeSession } = await checkout(user, productId, "monthly");
  const id = `sub_${productId}_${user.userId.slice(0, 8)}`;
  stripe.subscriptions.set(id, { id, status: "active", current_period_start: now(), current_period_end: now() + 30 * DAY, cancel_at_period_end: false, metadata: stripeSession.metadata, account: accountId });
  const done = await deliver({ type: "checkout.session.completed", object: { id: stripeSession.id, object: "checkout.session", mode: "subscription", payment_status: "paid", subscription: id, metadata: stripeSession.metadata } });
  expect(done.status, done.text).toBe(200);
  return id;
}

const asUser = (user: SignedInUser) => ({ ...project.client, accessToken: user.accessToken });

describe("connecting the project to Stripe", () => {
  it("creates one Connect account, links to onboarding, and reads the account, widgets session and payment methods from Stripe", async () => {
    const setup = await callUntyped(t, "POST", "/internal/payments/setup", { creds: project.admin, body: {} });
    expect(setup.status, setup.text).toBe(200);
    expect(setup.json.url).toMatch(new RegExp(`^${stripe.url}/onboarding/acct_`));
    accountId = setup.json.url.split("/").pop();
    expect((await callUntyped(t, "POST", "/internal/payments/setup", { creds: project.admin, body: {} })).json.url).toBe(setup.json.url);
    expect(stripe.requests.filter((r) => r.path === "/v1/accounts" && r.method === "POST")).toHaveLength(1);
    expect(stripe.accounts.get(accountId)).toBeDefined();

    const info = await callUntyped(t, "GET", "/internal/payments/stripe/account-info", { creds: project.admin });
    expect(info.json).toEqual({ account_id: accountId, charges_enabled: false, details_submitted: false, payouts_enabled: false });
    stripe.accounts.get(accountId)!.charges_enabled = true;
    expect((await callUntyped(t, "GET", "/internal/payments/stripe/account-info", { creds: project.admin })).json.charges_enabled).toBe(true);

    const widgets = await callUntyped(t, "POST", "/internal/payments/stripe-widgets/account-session", { creds: project.admin, body: {} });
    expect(widgets.json.client_secret).toMatch(/^accs_.+_secret_/);
    expect(stripe.requests.at(-1)!.form.get("account")).toBe(accountId);

    const methods = await callUntyped(t, "GET", "/internal/payments/method-configs", { creds: project.admin });
    expect(methods.json.config_id).toBe("pmc_default");
    expect(methods.json.methods).toContainEqual({ id: "link", name: "link", enabled: false, available: true, overridable: true });
    const patched = await callUntyped(t, "PATCH", "/internal/payments/method-configs", { creds: project.admin, body: { config_id: "pmc_default", updates: { link: "on" } } });
    expect(patched.json).toEqual({ success: true });
    expect(stripe.requests.at(-1)!.account).toBe(accountId);
    expect((await callUntyped(t, "GET", "/internal/payments/method-configs", { creds: project.admin })).json.methods).toContainEqual(expect.objectContaining({ id: "link", enabled: true }));
  });
});

describe("a subscription bought through Stripe", () => {
  let user: SignedInUser;
  let subscriptionId: string;
  let purchaseId: string;
  let completed: { body: string; signature: string };

  it("opens a Stripe checkout on the project's account and grants nothing until Stripe says it was paid", async () => {
    user = await signUpUser(t, project.client);
    const created = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
      creds: { ...project.client, accessToken: user.accessToken },
      body: { customer_type: "user", customer_id: user.userId, product_id: "pro" },
    });
    const fullCode = decodeURIComponent(new URL(created.json.url).pathname.split("/").pop()!);
    const offer = await callUntyped(t, "POST", "/payments/purchases/validate-code", { body: { full_code: fullCode } });
    expect(offer.json).toMatchObject({ test_mode: false, stripe_account_id: accountId, charges_enabled: true });

    const session = await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: "monthly" } });
    expect(session.json).toMatchObject({ completed: false, checkout_url: expect.stringMatching(new RegExp(`^${stripe.url}/checkout/cs_test_`)) });
    purchaseId = session.json.purchase_id;
    const stripeSession = stripe.checkoutSessions.get(session.json.checkout_url.split("/").pop())!;
    expect(stripeSession).toMatchObject({ account: accountId, mode: "subscription", amount_total: 1000, currency: "usd" });
    expect(stripeSession.metadata).toEqual({ gatehouse_project_id: project.projectId, gatehouse_branch_id: "main", gatehouse_purchase_id: purchaseId });
    const request = stripe.requests.find((r) => r.path === "/v1/checkout/sessions" && r.form.get("metadata[gatehouse_purchase_id]") === purchaseId)!;
    expect(request.form.get("line_items[0][price_data][recurring][interval]")).toBe("month");

    expect(await held(user)).toEqual([]);
    expect(await transactions(user)).toEqual([]);

    subscriptionId = `sub_${purchaseId.replaceAll("-", "").slice(0, 16)}`;
    const start = now();
    stripe.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      status: "active",
      current_period_start: start,
      current_period_end: start + 30 * DAY,
      cancel_at_period_end: false,
      metadata: stripeSession.metadata,
      account: accountId,
    });
    completed = stripe.signedEvent({
      type: "checkout.session.completed",
      account: accountId,
      object: { id: stripeSession.id, object: "checkout.session", mode: "subscription", payment_status: "paid", subscription: subscriptionId, metadata: stripeSession.metadata },
    });
  });

  it("refuses deliveries whose signature is missing, wrong or made over other bytes, and changes nothing", async () => {
    const tampered = completed.body.replace('"paid"', '"paid" ');
    const wrongSecret = stripe.signedEvent({ type: "checkout.session.completed", account: accountId, object: {} }).signature.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`);
    for (const [body, signature] of [
      [completed.body, undefined],
      [tampered, completed.signature],
      [completed.body, wrongSecret],
      [completed.body, "garbage"],
    ] as const) {
      const refused = await deliverRaw(body, signature);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe("SCHEMA_ERROR");
    }
    expect(await held(user)).toEqual([]);
  });

  it("grants the product when the checkout completes, once however often Stripe delivers it", async () => {
    for (let i = 0; i < 3; i++) {
      const delivered = await deliverRaw(completed.body, completed.signature);
      expect(delivered.status, delivered.text).toBe(200);
      expect(delivered.json).toEqual({ received: true });
    }
    const products = await held(user);
    const periodEnd = new Date(stripe.subscriptions.get(subscriptionId)!.current_period_end * 1000).toISOString();
    expect(products).toMatchObject([{ id: "pro", quantity: 1, type: "subscription", subscription: { current_period_end: periodEnd } }]);
    const list = await transactions(user);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: purchaseId, type: "purchase", test_mode: false, entries: [{ type: "money_transfer", charged_amount: { USD: "10" } }, { type: "product_grant", product_id: "pro" }] });
  });

  it("moves to the new period on a renewal, and an older event delivered late does not move it back", async () => {
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const oldEnd = sub.current_period_end;
    sub.current_period_start = oldEnd;
    sub.current_period_end = oldEnd + 30 * DAY;
    const renewal = await deliver({
      type: "invoice.paid",
      object: { id: "in_renewal_1", object: "invoice", billing_reason: "subscription_cycle", subscription: subscriptionId, amount_paid: 1000, currency: "usd", lines: { data: [{ period: { start: oldEnd, end: oldEnd + 30 * DAY } }] } },
    });
    expect(renewal.status, renewal.text).toBe(200);
    const renewed = (await held(user))[0]!.subscription!.current_period_end!;
    expect(new Date(renewed).getTime()).toBe((oldEnd + 30 * DAY) * 1000);
    expect((await transactions(user, "subscription-renewal"))[0]).toMatchObject({ type: "subscription-renewal", entries: [{ type: "money_transfer", charged_amount: { USD: "10" } }] });

    // An update from before the renewal arrives now, carrying the old period.
    const late = await deliver({
      type: "customer.subscription.updated",
      created: now() - 3600,
      object: { id: subscriptionId, object: "subscription", status: "active", items: { data: [{ current_period_start: oldEnd - 30 * DAY, current_period_end: oldEnd }] }, metadata: sub.metadata },
    });
    expect(late.status).toBe(200);
    expect((await held(user))[0]!.subscription!.current_period_end).toBe(renewed);
    // The same renewal invoice delivered again under another event id is still one renewal.
    await deliver({
      type: "invoice.paid",
      object: { id: "in_renewal_1", object: "invoice", billing_reason: "subscription_cycle", subscription: subscriptionId, amount_paid: 1000, currency: "usd", lines: { data: [{ period: { start: oldEnd, end: oldEnd + 30 * DAY } }] } },
    });
    expect(await transactions(user, "subscription-renewal")).toHaveLength(1);
  });

  it("ends the grant when the subscription is cancelled, and nothing arriving later grants it again", async () => {
    stripe.subscriptions.get(subscriptionId)!.status = "canceled";
    const cancelled = await deliver({ type: "customer.subscription.deleted", object: { id: subscriptionId, object: "subscription", status: "canceled" } });
    expect(cancelled.status).toBe(200);
    expect(await held(user)).toEqual([]);
    // Late: the checkout's completion again (new event id) and an older renewal.
    await deliver({ type: "checkout.session.completed", object: JSON.parse(completed.body).data.object });
    await deliver({ type: "customer.subscription.updated", created: now() - 7200, object: { id: subscriptionId, object: "subscription", status: "active" } });
    expect(await held(user)).toEqual([]);
  });
});

describe("deliveries out of order", () => {
  it("never grants a subscription whose cancellation arrived before its checkout's completion", async () => {
    const user = await signUpUser(t, project.client);
    const { stripeSession } = await checkout(user, "pro", "monthly");
    const id = `sub_early_${user.userId.slice(0, 8)}`;
    stripe.subscriptions.set(id, { id, status: "canceled", current_period_start: now(), current_period_end: now() + 30 * DAY, cancel_at_period_end: false, metadata: stripeSession.metadata, account: accountId });
    const deleted = await deliver({ type: "customer.subscription.deleted", object: { id, object: "subscription", status: "canceled", metadata: stripeSession.metadata } });
    expect(deleted.status).toBe(200);
    const completedLate = await deliver({
      type: "checkout.session.completed",
      created: now() - 60,
      object: { id: stripeSession.id, object: "checkout.session", mode: "subscription", payment_status: "paid", subscription: id, metadata: stripeSession.metadata },
    });
    expect(completedLate.status).toBe(200);
    expect(await held(user)).toEqual([]);
  });

  it("grants when a subscription's first renewal arrives before its checkout's completion", async () => {
    const user = await signUpUser(t, project.client);
    const { stripeSession } = await checkout(user, "pro", "monthly");
    const id = `sub_renewfirst_${user.userId.slice(0, 8)}`;
    stripe.subscriptions.set(id, { id, status: "active", current_period_start: now(), current_period_end: now() + 30 * DAY, cancel_at_period_end: false, metadata: stripeSession.metadata, account: accountId });
    const paid = await deliver({
      type: "invoice.paid",
      object: { id: `in_first_${id}`, object: "invoice", billing_reason: "subscription_create", parent: { subscription_details: { subscription: id, metadata: stripeSession.metadata } }, amount_paid: 1000, currency: "usd" },
    });
    expect(paid.status).toBe(200);
    expect((await held(user)).map((p) => p.id)).toEqual(["pro"]);
    await deliver({ type: "checkout.session.completed", object: { id: stripeSession.id, object: "checkout.session", mode: "subscription", payment_status: "paid", subscription: id, metadata: stripeSession.metadata } });
    expect((await held(user)).map((p) => [p.id, p.quantity])).toEqual([["pro", 1]]);
    expect(await transactions(user, "subscription-renewal")).toEqual([]);
  });
});

describe("a subscription replacing another of its catalog", () => {
  it("stops the replaced subscription at Stripe once the new one is paid", async () => {
    const user = await signUpUser(t, project.client);
    const starter = await subscribe(user, "starter");
    expect((await held(user)).map((p) => p.id)).toEqual(["starter"]);
    const plus = await subscribe(user, "plus");
    expect((await held(user)).map((p) => p.id)).toEqual(["plus"]);
    expect(stripe.subscriptions.get(starter)!.status).toBe("canceled");
    expect(stripe.subscriptions.get(plus)!.status).toBe("active");
    expect(stripe.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${starter}` && r.account === accountId)).toBe(true);
  });
});

describe("a customer cancelling a paid subscription", () => {
  it("tells Stripe to stop at the period's end on the project's account; the grant ends when Stripe deletes the subscription", async () => {
    const user = await signUpUser(t, project.client);
    const id = await subscribe(user, "starter");
    const cancelled = await callUntyped(t, "DELETE", `/payments/products/user/${user.userId}/starter`, { creds: asUser(user) });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(stripe.subscriptions.get(id)).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(stripe.requests.some((r) => r.method === "POST" && r.path === `/v1/subscriptions/${id}` && r.account === accountId && r.form.get("cancel_at_period_end") === "true")).toBe(true);
    // Still held until the period ends, marked as ending.
    expect(await held(user)).toMatchObject([{ id: "starter", subscription: { cancel_at_period_end: true, is_cancelable: true } }]);

    stripe.subscriptions.get(id)!.status = "canceled";
    const deleted = await deliver({ type: "customer.subscription.deleted", object: { id, object: "subscription", status: "canceled" } });
    expect(deleted.status).toBe(200);
    expect(await held(user)).toEqual([]);
  });

  it("cancels a granted (not paid) subscription without calling Stripe; it runs to the end of its period", async () => {
    const user = await signUpUser(t, project.client);
    expect((await callUntyped(t, "POST", `/payments/products/user/${user.userId}`, { creds: project.server, body: { product_id: "starter" } })).status).toBe(200);
    const before = stripe.requests.length;
    const cancelled = await callUntyped(t, "DELETE", `/payments/products/user/${user.userId}/starter`, { creds: asUser(user) });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await held(user)).map((p) => [p.id, p.type, p.subscription])).toEqual([["starter", "one_time", null]]);
    expect(stripe.requests.slice(before)).toEqual([]);
  });
});

describe("switching a paid subscription", () => {
  it("moves the Stripe subscription to the new price on the project's account, and the grant with it; Stripe failing changes nothing", async () => {
    const user = await signUpUser(t, project.client);
    const id = await subscribe(user, "starter");
    const periodEnd = (await held(user))[0]!.subscription!.current_period_end;
    const switchTo = (to: string) => callUntyped(t, "POST", `/payments/products/user/${user.userId}/switch`, { creds: asUser(user), body: { from_product_id: "starter", to_product_id: to } });

    stripe.failure = "server-error";
    const failed = await switchTo("plus");
    stripe.failure = null;
    expect(failed.status).toBe(503);
    expect(failed.json.code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    expect((await held(user)).map((p) => p.id)).toEqual(["starter"]);
    expect(stripe.subscriptions.get(id)!.price).toBeUndefined();

    const switched = await switchTo("plus");
    expect(switched.status, switched.text).toBe(200);
    expect(stripe.subscriptions.get(id)!.price).toMatchObject({ product: expect.stringMatching(/^prod_/), currency: "usd", unit_amount: 1500, interval: "month", interval_count: 1, quantity: 1 });
    expect(stripe.requests.filter((r) => r.path === `/v1/subscriptions/${id}` && r.method === "POST").every((r) => r.account === accountId)).toBe(true);
    expect(stripe.subscriptions.get(id)!.status).toBe("active");
    expect(await held(user)).toMatchObject([{ id: "plus", quantity: 1, subscription: { current_period_end: periodEnd } }]);

    // The same subscription bills on: its renewal moves the switched grant's period.
    const sub = stripe.subscriptions.get(id)!;
    sub.current_period_start = sub.current_period_end;
    sub.current_period_end += 30 * DAY;
    const renewal = await deliver({
      type: "invoice.paid",
      object: { id: `in_${id}`, object: "invoice", billing_reason: "subscription_cycle", subscription: id, amount_paid: 1500, currency: "usd", lines: { data: [{ period: { start: sub.current_period_start, end: sub.current_period_end } }] } },
    });
    expect(renewal.status, renewal.text).toBe(200);
    expect(await held(user)).toMatchObject([{ id: "plus", subscription: { current_period_end: new Date(sub.current_period_end * 1000).toISOString() } }]);
  });
});

describe("one-time purchases, refunds", () => {
  it("refunds through Stripe on the project's account, once, at most what was paid, ending the product when asked", async () => {
    const user = await signUpUser(t, project.client);
    const { stripeSession, session } = await checkout(user, "pack", "once");
    expect(stripeSession).toMatchObject({ mode: "payment", amount_total: 499 });
    await deliver({
      type: "checkout.session.completed",
      object: { id: stripeSession.id, object: "checkout.session", mode: "payment", payment_status: "paid", payment_intent: "pi_pack_1", metadata: stripeSession.metadata },
    });
    expect((await held(user)).map((p) => p.id)).toEqual(["pack"]);

    const refund = (body: Record<string, unknown>) => callUntyped(t, "POST", "/internal/payments/transactions/refund", { creds: project.admin, body: { type: "one-time-purchase", id: session.purchase_id, ...body } });
    expect((await refund({ amount_usd: "5.00" })).json.code).toBe("SCHEMA_ERROR");
    expect((await refund({ amount_usd: "0" })).json.code).toBe("SCHEMA_ERROR");
    expect((await refund({ amount_usd: "1", end_action: "at-period-end" })).json.code).toBe("SCHEMA_ERROR");
    expect((await callUntyped(t, "POST", "/internal/payments/transactions/refund", { creds: project.admin, body: { type: "subscription", id: session.purchase_id, amount_usd: "1" } })).json.code).toBe(
      "SUBSCRIPTION_INVOICE_NOT_FOUND",
    );
    expect(stripe.refunds).toEqual([]);

    const done = await refund({ amount_usd: "4.99", end_action: "now" });
    expect(done.json, done.text).toEqual({ success: true, refund_transaction_id: expect.any(String) });
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: "pi_pack_1", amount: 499, account: accountId })]);
    expect(await held(user)).toEqual([]);
    expect((await transactions(user, "refund"))[0]).toMatchObject({ type: "refund", entries: [{ type: "money_transfer", charged_amount: { USD: "-4.99" } }] });
    expect((await refund({ amount_usd: "1" })).json).toMatchObject({ code: "ONE_TIME_PURCHASE_ALREADY_REFUNDED", details: { one_time_purchase_id: session.purchase_id } });
    expect(stripe.refunds).toHaveLength(1);
  });

  it("marks a purchase refunded when Stripe reports a refund made in its dashboard", async () => {
    const user = await signUpUser(t, project.client);
    const { stripeSession, session } = await checkout(user, "pack", "once");
    await deliver({
      type: "checkout.session.completed",
      object: { id: stripeSession.id, object: "checkout.session", mode: "payment", payment_status: "paid", payment_intent: "pi_pack_2", metadata: stripeSession.metadata },
    });
    expect(await held(user)).toHaveLength(1);
    const refunded = await deliver({ type: "charge.refunded", object: { id: "ch_2", object: "charge", payment_intent: "pi_pack_2", amount_refunded: 499, refunded: true } });
    expect(refunded.status).toBe(200);
    expect(await held(user)).toEqual([]);
    const refundRow = (await transactions(user, "refund"))[0]!;
    expect(refundRow).toMatchObject({ entries: [{ charged_amount: { USD: "-4.99" } }] });
    const again = await callUntyped(t, "POST", "/internal/payments/transactions/refund", { creds: project.admin, body: { type: "one-time-purchase", id: session.purchase_id, amount_usd: "1" } });
    expect(again.json.code).toBe("ONE_TIME_PURCHASE_ALREADY_REFUNDED");
  });

  it("does not grant a checkout that completed unpaid, and ignores events of accounts and types it does not know", async () => {
    const user = await signUpUser(t, project.client);
    const { stripeSession } = await checkout(user, "pack", "once");
    await deliver({ type: "checkout.session.completed", object: { id: stripeSession.id, object: "checkout.session", mode: "payment", payment_status: "unpaid", metadata: stripeSession.metadata } });
    expect(await held(user)).toEqual([]);
    // Delayed payment methods: the money arrives later.
    await deliver({
      type: "checkout.session.async_payment_succeeded",
      object: { id: stripeSession.id, object: "checkout.session", mode: "payment", payment_status: "paid", payment_intent: "pi_pack_3", metadata: stripeSession.metadata },
    });
    expect(await held(user)).toHaveLength(1);

    const other = stripe.signedEvent({ type: "checkout.session.completed", account: "acct_someone_else", object: { metadata: stripeSession.metadata, payment_status: "paid" } });
    expect((await deliverRaw(other.body, other.signature)).status).toBe(200);
    expect((await deliver({ type: "customer.created", object: { id: "cus_1" } })).status).toBe(200);
  });
});

describe("Stripe unreachable or failing", () => {
  const unavailable = (res: { status: number; json: { code?: string } }) => {
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
  };
  const purchases = async (user: SignedInUser) =>
    (await t.db.query<{ n: number | string }>("SELECT count(*) AS n FROM purchases WHERE project_id = $1 AND customer_id = $2", [project.projectId, user.userId]))[0]!.n;

  afterAll(() => {
    stripe.failure = null;
  });

  it("answers PAYMENT_PROVIDER_UNAVAILABLE and changes nothing when Stripe answers 500", async () => {
    const user = await signUpUser(t, project.client);
    const id = await subscribe(user, "starter");
    const created = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
      creds: asUser(user),
      body: { customer_type: "user", customer_id: user.userId, product_id: "pack" },
    });
    const fullCode = decodeURIComponent(new URL(created.json.url).pathname.split("/").pop()!);
    const before = await purchases(user);

    stripe.failure = "server-error";
    unavailable(await callUntyped(t, "DELETE", `/payments/products/user/${user.userId}/starter`, { creds: asUser(user) }));
    unavailable(await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: "once" } }));
    unavailable(await callUntyped(t, "GET", "/internal/payments/stripe/account-info", { creds: project.admin }));
    stripe.failure = null;

    // The subscription is still held and not ending; the purchase never started and its code still buys.
    expect(await held(user)).toMatchObject([{ id: "starter", subscription: { cancel_at_period_end: false } }]);
    expect(stripe.subscriptions.get(id)!.cancel_at_period_end).toBe(false);
    expect(await purchases(user)).toEqual(before);
    const retried = await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: "once" } });
    expect(retried.status, retried.text).toBe(200);
  });

  it("answers PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached; a refund that did not reach Stripe can be made again", async () => {
    const user = await signUpUser(t, project.client);
    const { stripeSession, session } = await checkout(user, "pack", "once");
    await deliver({
      type: "checkout.session.completed",
      object: { id: stripeSession.id, object: "checkout.session", mode: "payment", payment_status: "paid", payment_intent: `pi_${user.userId.slice(0, 8)}`, metadata: stripeSession.metadata },
    });
    const refund = () => callUntyped(t, "POST", "/internal/payments/transactions/refund", { creds: project.admin, body: { type: "one-time-purchase", id: session.purchase_id, amount_usd: "4.99", end_action: "now" } });

    stripe.failure = "connection";
    unavailable(await refund());
    unavailable(await callUntyped(t, "POST", "/internal/payments/stripe-widgets/account-session", { creds: project.admin, body: {} }));
    stripe.failure = null;
    expect((await held(user)).map((p) => p.id)).toEqual(["pack"]);
    expect(await transactions(user, "refund")).toEqual([]);

    const done = await refund();
    expect(done.status, done.text).toBe(200);
    expect(await held(user)).toEqual([]);
  });
});
