/**
 * Payments through Stripe, against the local stand-in (testing/stripe-stand-in.ts), never the
 * live service: the real `stripe` SDK makes every call over HTTP, the buyer's confirmation is
 * the stand-in's (what Stripe.js does), and webhook events carry the stand-in's objects, signed
 * with the SDK's own test helper (`stripe.webhooks.generateTestHeaderString`) and the webhook
 * secret the server was started with.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, plainRefusal, signUpUser, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
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

/** A live purchase up to the payment to confirm: the code, and the client secret purchase-session answered. */
async function startPurchase(user: SignedInUser, productId: string, priceId: string, quantity?: number) {
  const created = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
    creds: { ...project.client, accessToken: user.accessToken },
    body: { customer_type: "user", customer_id: user.userId, product_id: productId },
  });
  expect(created.status, created.text).toBe(200);
  const fullCode = decodeURIComponent(new URL(created.json.url).pathname.split("/").pop()!);
  const session = await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: priceId, ...(quantity ? { quantity } : {}) } });
  expect(session.status, session.text).toBe(200);
  return { fullCode, clientSecret: session.json.client_secret as string };
}

/** The stand-in's subscription whose first invoice the client secret pays. */
function subscriptionPaidBy(clientSecret: string) {
  const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === clientSecret)!;
  const invoice = stripe.invoices.get(intent.invoice!)!;
  return { intent, invoice, subscription: stripe.subscriptions.get(invoice.subscription)! };
}

/** A one-time purchase paid at Stripe and its payment_intent.succeeded delivered: the PaymentIntent. */
async function buyOnce(user: SignedInUser, productId: string, priceId: string) {
  const { clientSecret } = await startPurchase(user, productId, priceId);
  const intent = stripe.confirm(clientSecret).paymentIntent!;
  const done = await deliver({ type: "payment_intent.succeeded", object: stripe.paymentIntentObject(intent.id) });
  expect(done.status, done.text).toBe(200);
  return intent;
}

/** A subscription bought and paid through Stripe, its first invoice's invoice.paid delivered: its id at Stripe. */
async function subscribe(user: SignedInUser, productId: string) {
  const { clientSecret } = await startPurchase(user, productId, "monthly");
  stripe.confirm(clientSecret);
  const { invoice } = subscriptionPaidBy(clientSecret);
  const done = await deliver({ type: "invoice.paid", object: stripe.invoiceObject(invoice.id) });
  expect(done.status, done.text).toBe(200);
  return invoice.subscription;
}

/** A renewal at Stripe: the subscription moves one period on and a paid subscription_cycle invoice is made. */
function renewAtStripe(subscriptionId: string) {
  const sub = stripe.subscriptions.get(subscriptionId)!;
  sub.current_period_start = sub.current_period_end;
  sub.current_period_end += 30 * DAY;
  const id = `in_renewal_${subscriptionId.slice(4, 16)}_${sub.current_period_end}`;
  const amount = (sub.price?.unit_amount ?? 0) * sub.quantity;
  stripe.invoices.set(id, {
    id,
    account: accountId,
    customer: sub.customer,
    subscription: subscriptionId,
    billing_reason: "subscription_cycle",
    status: "paid",
    amount_due: amount,
    amount_paid: amount,
    currency: sub.price?.currency ?? "usd",
    payment_intent: null,
    created: now(),
  });
  return id;
}

/** Stripe ending a subscription, and its customer.subscription.deleted delivered. */
async function endAtStripe(subscriptionId: string) {
  const sub = stripe.subscriptions.get(subscriptionId)!;
  sub.status = "canceled";
  sub.ended_at = now();
  const deleted = await deliver({ type: "customer.subscription.deleted", object: stripe.subscriptionObject(subscriptionId) });
  expect(deleted.status, deleted.text).toBe(200);
}

const purchaseTransactionId = async (user: SignedInUser) => (await transactions(user, "purchase"))[0]!.id;

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
  let paid: { body: string; signature: string };

  it("starts an incomplete subscription for the customer's own Stripe customer, and grants nothing until Stripe says it was paid", async () => {
    user = await signUpUser(t, project.client);
    const created = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
      creds: { ...project.client, accessToken: user.accessToken },
      body: { customer_type: "user", customer_id: user.userId, product_id: "pro" },
    });
    const fullCode = decodeURIComponent(new URL(created.json.url).pathname.split("/").pop()!);
    const offer = await callUntyped(t, "POST", "/payments/purchases/validate-code", { body: { full_code: fullCode } });
    expect(offer.json).toMatchObject({ test_mode: false, stripe_account_id: accountId, charges_enabled: true });

    const session = await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: "monthly" } });
    expect(session.status, session.text).toBe(200);
    expect(Object.keys(session.json)).toEqual(["client_secret"]);
    const { intent, invoice, subscription } = subscriptionPaidBy(session.json.client_secret);
    subscriptionId = subscription.id;
    expect(subscription).toMatchObject({ account: accountId, status: "incomplete", quantity: 1, price: { currency: "usd", unit_amount: 1000, interval: "month", interval_count: 1 } });
    expect(subscription.metadata).toMatchObject({ productId: "pro", priceId: "monthly", gatehouse_project_id: project.projectId, gatehouse_branch_id: "main" });
    expect(stripe.customers.get(subscription.customer!)).toMatchObject({ account: accountId, metadata: { customerId: user.userId, customerType: "USER" } });
    expect(invoice).toMatchObject({ billing_reason: "subscription_create", status: "open", amount_due: 1000 });
    // The code bought once.
    expect((await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: "monthly" } })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");

    // Stripe telling of the subscription before it is paid grants nothing.
    expect((await deliver({ type: "customer.subscription.created", object: stripe.subscriptionObject(subscriptionId) })).status).toBe(200);
    expect(await held(user)).toEqual([]);

    expect(stripe.confirm(intent.client_secret).paymentIntent!.status).toBe("succeeded");
    expect(subscription.status).toBe("active");
    paid = stripe.signedEvent({ type: "invoice.paid", account: accountId, object: stripe.invoiceObject(invoice.id) });
  });

  it("refuses deliveries whose signature is missing, wrong or made over other bytes with a bare 400, and changes nothing", async () => {
    const tampered = paid.body.replace('"paid"', '"paid" ');
    const wrongSecret = stripe.signedEvent({ type: "invoice.paid", account: accountId, object: {} }).signature.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`);
    for (const [body, signature] of [
      [paid.body, undefined],
      [tampered, paid.signature],
      [paid.body, wrongSecret],
      [paid.body, "garbage"],
    ] as const) {
      // Stack Auth answers a bad signature as a bare status with a sentence.
      expect(plainRefusal(await deliverRaw(body, signature))).toEqual([400, expect.stringContaining("Stripe-Signature")]);
    }
    expect(await held(user)).toEqual([]);
  });

  it("grants the product when the first invoice is paid, once however often Stripe delivers it", async () => {
    for (let i = 0; i < 3; i++) {
      const delivered = await deliverRaw(paid.body, paid.signature);
      expect(delivered.status, delivered.text).toBe(200);
      expect(delivered.json).toEqual({ received: true });
    }
    const periodEnd = new Date(stripe.subscriptions.get(subscriptionId)!.current_period_end * 1000).toISOString();
    expect(await held(user)).toMatchObject([{ id: "pro", quantity: 1, type: "subscription", subscription: { current_period_end: periodEnd } }]);
    const list = await transactions(user);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "purchase", test_mode: false, entries: expect.arrayContaining([expect.objectContaining({ type: "product_grant", product_id: "pro" })]) });
  });

  it("moves to the new period on a renewal; an older event delivered late does not move it back, and a renewal counts once", async () => {
    const oldEnd = stripe.subscriptions.get(subscriptionId)!.current_period_end;
    const invoiceId = renewAtStripe(subscriptionId);
    const renewal = await deliver({ type: "invoice.paid", object: stripe.invoiceObject(invoiceId) });
    expect(renewal.status, renewal.text).toBe(200);
    const renewed = (await held(user))[0]!.subscription!.current_period_end!;
    expect(new Date(renewed).getTime()).toBe((oldEnd + 30 * DAY) * 1000);
    expect((await transactions(user, "subscription-renewal"))[0]).toMatchObject({ type: "subscription-renewal", entries: [{ type: "money_transfer", charged_amount: { USD: "10" } }] });

    // An update from before the renewal arrives now, carrying the old period: what Stripe has now is applied.
    const stale = { ...stripe.subscriptionObject(subscriptionId), items: { data: [{ current_period_start: oldEnd - 30 * DAY, current_period_end: oldEnd }] } };
    expect((await deliver({ type: "customer.subscription.updated", created: now() - 3600, object: stale })).status).toBe(200);
    expect((await held(user))[0]!.subscription!.current_period_end).toBe(renewed);
    // The same renewal invoice delivered again under another event id is still one renewal.
    await deliver({ type: "invoice.paid", object: stripe.invoiceObject(invoiceId) });
    expect(await transactions(user, "subscription-renewal")).toHaveLength(1);
  });

  it("ends the grant when Stripe ends the subscription, and nothing arriving later grants it again", async () => {
    await endAtStripe(subscriptionId);
    expect(await held(user)).toEqual([]);
    // Late: the first invoice's payment again (new event id), and an update.
    await deliver({ type: "invoice.paid", object: JSON.parse(paid.body).data.object });
    await deliver({ type: "customer.subscription.updated", created: now() - 7200, object: { ...stripe.subscriptionObject(subscriptionId), status: "active" } });
    expect(await held(user)).toEqual([]);
  });
});

describe("deliveries out of order", () => {
  it("applies the subscription as Stripe has it, whichever event tells of it first", async () => {
    const user = await signUpUser(t, project.client);
    const { clientSecret } = await startPurchase(user, "pro", "monthly");
    const { subscription } = subscriptionPaidBy(clientSecret);
    stripe.confirm(clientSecret);
    // A subscription.created event saying "incomplete", delivered after the payment: Stripe now says active.
    const early = { ...stripe.subscriptionObject(subscription.id), status: "incomplete" };
    expect((await deliver({ type: "customer.subscription.created", created: now() - 60, object: early })).status).toBe(200);
    expect((await held(user)).map((p) => [p.id, p.quantity])).toEqual([["pro", 1]]);
    expect(await transactions(user, "subscription-renewal")).toEqual([]);
  });

  it("never grants a subscription Stripe already ended when the first event arrives", async () => {
    const user = await signUpUser(t, project.client);
    const { clientSecret } = await startPurchase(user, "pro", "monthly");
    const { subscription, invoice } = subscriptionPaidBy(clientSecret);
    stripe.confirm(clientSecret);
    subscription.status = "canceled";
    subscription.ended_at = now();
    expect((await deliver({ type: "invoice.paid", object: stripe.invoiceObject(invoice.id) })).status).toBe(200);
    expect(await held(user)).toEqual([]);
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
    await endAtStripe(id);
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
    const priceBefore = { ...stripe.subscriptions.get(id)!.price };

    stripe.failure = "server-error";
    const failed = await switchTo("plus");
    stripe.failure = null;
    expect(failed.status).toBe(503);
    expect(failed.json.code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    expect((await held(user)).map((p) => p.id)).toEqual(["starter"]);
    expect(stripe.subscriptions.get(id)!.price).toEqual(priceBefore);

    const switched = await switchTo("plus");
    expect(switched.status, switched.text).toBe(200);
    expect(stripe.subscriptions.get(id)!.price).toMatchObject({ product: expect.stringMatching(/^prod_/), currency: "usd", unit_amount: 1500, interval: "month", interval_count: 1, quantity: 1 });
    expect(stripe.requests.filter((r) => r.path === `/v1/subscriptions/${id}` && r.method === "POST").every((r) => r.account === accountId)).toBe(true);
    expect(stripe.subscriptions.get(id)!.status).toBe("active");
    expect(await held(user)).toMatchObject([{ id: "plus", quantity: 1, subscription: { current_period_end: periodEnd } }]);

    // The same subscription bills on: its renewal moves the switched grant's period.
    const renewal = await deliver({ type: "invoice.paid", object: stripe.invoiceObject(renewAtStripe(id)) });
    expect(renewal.status, renewal.text).toBe(200);
    expect(await held(user)).toMatchObject([{ id: "plus", subscription: { current_period_end: new Date(stripe.subscriptions.get(id)!.current_period_end * 1000).toISOString() } }]);
  });
});

describe("one-time purchases, refunds", () => {
  const refund = (id: string, entries: Array<{ entry_index: number; quantity: number; amount_usd: string }>, type = "one-time-purchase") =>
    callUntyped(t, "POST", "/internal/payments/transactions/refund", { creds: project.admin, body: { type, id, refund_entries: entries } });

  it("charges a PaymentIntent on the project's account, and grants once when it succeeds", async () => {
    const user = await signUpUser(t, project.client);
    const { clientSecret } = await startPurchase(user, "pack", "once", 2);
    const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === clientSecret)!;
    expect(intent).toMatchObject({ account: accountId, amount: 998, currency: "usd", status: "requires_payment_method" });
    expect(intent.metadata).toMatchObject({ productId: "pack", priceId: "once", customerId: user.userId, customerType: "USER", purchaseQuantity: "2", purchaseKind: "ONE_TIME" });
    expect(await held(user)).toEqual([]);
    stripe.confirm(clientSecret);
    const event = stripe.signedEvent({ type: "payment_intent.succeeded", account: accountId, object: stripe.paymentIntentObject(intent.id) });
    for (let i = 0; i < 2; i++) expect((await deliverRaw(event.body, event.signature)).status).toBe(200);
    await deliver({ type: "payment_intent.succeeded", object: stripe.paymentIntentObject(intent.id) });
    expect((await held(user)).map((p) => [p.id, p.quantity])).toEqual([["pack", 2]]);
    expect(await transactions(user, "purchase")).toHaveLength(1);
  });

  it("refunds through Stripe on the project's account, once, at most what was paid, ending the product when asked", async () => {
    const user = await signUpUser(t, project.client);
    const intent = await buyOnce(user, "pack", "once");
    expect((await held(user)).map((p) => p.id)).toEqual(["pack"]);
    const id = await purchaseTransactionId(user);

    expect((await refund(id, [{ entry_index: 0, quantity: 0, amount_usd: "5.00" }])).json.code).toBe("SCHEMA_ERROR");
    expect((await refund(id, [{ entry_index: 1, quantity: 1, amount_usd: "1" }])).json.code).toBe("SCHEMA_ERROR");
    expect((await refund(id, [{ entry_index: 0, quantity: 2, amount_usd: "1" }])).json.code).toBe("SCHEMA_ERROR");
    expect((await refund(id, [{ entry_index: 0, quantity: 1, amount_usd: "1" }], "subscription")).json.code).toBe("SUBSCRIPTION_INVOICE_NOT_FOUND");
    expect(stripe.refunds).toEqual([]);

    const done = await refund(id, [{ entry_index: 0, quantity: 1, amount_usd: "4.99" }]);
    expect(done.json, done.text).toEqual({ success: true });
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: intent.id, amount: 499, account: accountId })]);
    expect(await held(user)).toEqual([]);
    // The refund takes the product back (entry 0 of the purchase) and the money.
    expect((await transactions(user, "refund"))[0]).toMatchObject({
      type: "refund",
      entries: [
        { type: "product_revocation", adjusted_transaction_id: id, adjusted_entry_index: 0, quantity: 1 },
        { type: "money_transfer", charged_amount: { USD: "-4.99" } },
      ],
    });
    expect((await refund(id, [{ entry_index: 0, quantity: 0, amount_usd: "1" }])).json).toMatchObject({ code: "ONE_TIME_PURCHASE_ALREADY_REFUNDED", details: { one_time_purchase_id: id } });
    expect(stripe.refunds).toHaveLength(1);
  });

  it("marks a purchase refunded when Stripe reports a refund made in its dashboard", async () => {
    const user = await signUpUser(t, project.client);
    const intent = await buyOnce(user, "pack", "once");
    expect(await held(user)).toHaveLength(1);
    const refunded = await deliver({ type: "charge.refunded", object: { id: "ch_2", object: "charge", payment_intent: intent.id, amount_refunded: 499, refunded: true } });
    expect(refunded.status).toBe(200);
    expect(await held(user)).toEqual([]);
    expect((await transactions(user, "refund"))[0]).toMatchObject({ entries: [{ charged_amount: { USD: "-4.99" } }] });
    expect((await refund(await purchaseTransactionId(user), [{ entry_index: 0, quantity: 0, amount_usd: "1" }])).json.code).toBe("ONE_TIME_PURCHASE_ALREADY_REFUNDED");
  });

  it("grants nothing for a failed payment, and ignores events of accounts and types it does not know", async () => {
    const user = await signUpUser(t, project.client);
    const { clientSecret } = await startPurchase(user, "pack", "once");
    const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === clientSecret)!;
    const failed = await deliver({ type: "payment_intent.payment_failed", object: { ...stripe.paymentIntentObject(intent.id), last_payment_error: { message: "Your card was declined." } } });
    expect(failed.status).toBe(200);
    expect(await held(user)).toEqual([]);
    stripe.confirm(clientSecret);
    const other = stripe.signedEvent({ type: "payment_intent.succeeded", account: "acct_someone_else", object: stripe.paymentIntentObject(intent.id) });
    expect((await deliverRaw(other.body, other.signature)).status).toBe(200);
    expect(await held(user)).toEqual([]);
    expect((await deliver({ type: "customer.created", object: { id: "cus_1" } })).status).toBe(200);
  });
});

describe("Stripe unreachable or failing", () => {
  const unavailable = (res: { status: number; json: { code?: string } }) => {
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
  };

  afterAll(() => {
    stripe.failure = null;
  });

  it("answers PAYMENT_PROVIDER_UNAVAILABLE and changes nothing when Stripe answers 500; the code still buys", async () => {
    const user = await signUpUser(t, project.client);
    const id = await subscribe(user, "starter");
    const created = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
      creds: asUser(user),
      body: { customer_type: "user", customer_id: user.userId, product_id: "pack" },
    });
    const fullCode = decodeURIComponent(new URL(created.json.url).pathname.split("/").pop()!);
    const intents = stripe.paymentIntents.size;

    stripe.failure = "server-error";
    unavailable(await callUntyped(t, "DELETE", `/payments/products/user/${user.userId}/starter`, { creds: asUser(user) }));
    unavailable(await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: "once" } }));
    unavailable(await callUntyped(t, "GET", "/internal/payments/stripe/account-info", { creds: project.admin }));
    stripe.failure = null;

    // The subscription is still held and not ending; no payment was started and the code still buys.
    expect(await held(user)).toMatchObject([{ id: "starter", subscription: { cancel_at_period_end: false } }]);
    expect(stripe.subscriptions.get(id)!.cancel_at_period_end).toBe(false);
    expect(stripe.paymentIntents.size).toBe(intents);
    const retried = await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: "once" } });
    expect(retried.status, retried.text).toBe(200);
  });

  it("answers PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached; a refund that did not reach Stripe can be made again", async () => {
    const user = await signUpUser(t, project.client);
    await buyOnce(user, "pack", "once");
    const id = await purchaseTransactionId(user);
    const again = () =>
      callUntyped(t, "POST", "/internal/payments/transactions/refund", {
        creds: project.admin,
        body: { type: "one-time-purchase", id, refund_entries: [{ entry_index: 0, quantity: 1, amount_usd: "4.99" }] },
      });

    stripe.failure = "connection";
    unavailable(await again());
    unavailable(await callUntyped(t, "POST", "/internal/payments/stripe-widgets/account-session", { creds: project.admin, body: {} }));
    stripe.failure = null;
    expect((await held(user)).map((p) => p.id)).toEqual(["pack"]);
    expect(await transactions(user, "refund")).toEqual([]);

    const done = await again();
    expect(done.status, done.text).toBe(200);
    expect(await held(user)).toEqual([]);
  });
});
