import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import { PURCHASE_CATALOG } from "../../testing/purchase-catalog";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

async function withCatalog(p: ProjectFixture, extra: Record<string, unknown> = {}) {
  const patched = await call(t, "PATCH", "/internal/config/override/{level}".replace("{level}", "environment") as "/internal/config/override/environment", {
    creds: p.admin,
    body: { config_override_string: JSON.stringify({ ...PURCHASE_CATALOG, ...extra }) },
  });
  expect(patched.status, patched.text).toBe(200);
}

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  await withCatalog(project);
});

const asUser = (accessToken: string) => ({ ...project.client, accessToken });
const codeOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/purchase\//, ""));

async function purchaseUrl(accessToken: string, body: Record<string, unknown>) {
  return callUntyped(t, "POST", "/payments/purchases/create-purchase-url", { creds: asUser(accessToken), body });
}

describe("buying a product in test mode", () => {
  it("goes from a checkout link through the page's reads to a completed purchase, once", async () => {
    const user = await signUpUser(t, project.client);
    const created = await purchaseUrl(user.accessToken, { customer_type: "user", customer_id: user.userId, product_id: "pro", return_url: "https://app.example.com/thanks" });
    expect(created.status, created.text).toBe(200);
    const url = new URL(created.json.url);
    expect(`${url.origin}`).toBe(t.deps.settings.publicWebUrl);
    expect(url.pathname).toMatch(new RegExp(`^/purchase/${project.projectId}_[0-9a-f]{48}$`));
    expect(url.searchParams.get("return_url")).toBe("https://app.example.com/thanks");
    // The SDK's own pattern for the code in the URL.
    expect(created.json.url).toMatch(/\/purchase\/([a-z0-9-_]+)/);
    const fullCode = codeOf(created.json.url);

    expect((await callUntyped(t, "GET", `/payments/purchases/validate-code?full_code=${fullCode}`)).json).toEqual({ valid: true });
    // Stack Auth's shape: exactly its keys, the product with its metadata (none).
    const stackShape = await callUntyped(t, "POST", "/payments/purchases/validate-code", { body: { full_code: fullCode } });
    expect(Object.keys(stackShape.json).sort()).toEqual([
      "already_bought_non_stackable",
      "charges_enabled",
      "conflicting_products",
      "product",
      "project_id",
      "project_logo_url",
      "stripe_account_id",
      "test_mode",
    ]);
    expect(stackShape.json.product).toMatchObject({ client_metadata: null, client_read_only_metadata: null, server_metadata: null });
    // What the hosted checkout page shows as well, on request.
    const offer = await callUntyped(t, "POST", "/payments/purchases/validate-code", { body: { full_code: fullCode, include_page_details: true } });
    expect(offer.status, offer.text).toBe(200);
    expect(offer.json).toMatchObject({
      product_id: "pro",
      product: { display_name: "Pro", customer_type: "user", stackable: false, prices: { monthly: { USD: "10", interval: [1, "month"] } } },
      customer_type: "user",
      customer_id: user.userId,
      project_id: project.projectId,
      project_display_name: "Fixture project",
      test_mode: true,
      stripe_account_id: null,
      already_bought_non_stackable: false,
      return_url: "https://app.example.com/thanks",
    });
    // A server-only price is not offered on the page.
    expect(Object.keys(offer.json.product.prices)).toEqual(["monthly"]);

    // In test mode the page completes the purchase without Stripe.
    const bought = await callUntyped(t, "POST", "/payments/purchases/complete-test-purchase", { body: { full_code: fullCode, price_id: "monthly" } });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.json).toEqual({ success: true });

    // The code bought once; it can neither be read nor bought with again.
    expect((await callUntyped(t, "POST", "/payments/purchases/complete-test-purchase", { body: { full_code: fullCode, price_id: "monthly" } })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    expect((await callUntyped(t, "POST", "/payments/purchases/validate-code", { body: { full_code: fullCode } })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");

    // The customer holds the product now, as the SDK lists it; a non-stackable product cannot be bought twice.
    const held = await callUntyped(t, "GET", `/payments/products/user/${user.userId}`, { creds: asUser(user.accessToken) });
    expect(held.json.items.map((item: { id: string; quantity: number }) => [item.id, item.quantity])).toEqual([["pro", 1]]);
    const again = await purchaseUrl(user.accessToken, { customer_type: "user", customer_id: user.userId, product_id: "pro" });
    expect(again.json).toMatchObject({ code: "PRODUCT_ALREADY_GRANTED", details: { product_id: "pro", customer_id: user.userId } });

    // The purchase is in the transactions, marked as made in test mode, granting the product at the chosen price.
    const list = await callUntyped(t, "GET", `/internal/payments/transactions?customer_id=${user.userId}`, { creds: project.admin });
    expect(list.status, list.text).toBe(200);
    expect(list.json.transactions).toHaveLength(1);
    const purchaseId: string = list.json.transactions[0].id;
    expect(list.json.transactions[0]).toMatchObject({
      type: "purchase",
      test_mode: true,
      // Stack Auth's shape: the customer is on each entry.
      entries: [{ type: "product_grant", customer_type: "user", customer_id: user.userId, product_id: "pro", price_id: "monthly", quantity: 1, subscription_id: purchaseId }],
      adjusted_by: [],
    });

    // A test-mode purchase took no money: a subscription has no paid first invoice to refund (as in Stack Auth).
    const refund = await callUntyped(t, "POST", "/internal/payments/transactions/refund", {
      creds: project.admin,
      body: { type: "subscription", id: purchaseId, refund_entries: [{ entry_index: 0, quantity: 0, amount_usd: "10" }] },
    });
    expect(refund.json.code).toBe("SUBSCRIPTION_INVOICE_NOT_FOUND");
  });

  it("charges a stackable product by quantity in the currency asked for, and buys it again", async () => {
    const user = await signUpUser(t, project.client);
    for (const [quantity, currency] of [[3, "EUR"], [1, undefined]] as const) {
      const created = await purchaseUrl(user.accessToken, { customer_type: "user", customer_id: user.userId, product_id: "pack" });
      expect(created.status, created.text).toBe(200);
      const bought = await callUntyped(t, "POST", "/payments/purchases/complete-test-purchase", { body: { full_code: codeOf(created.json.url), price_id: "once", quantity, currency } });
      expect(bought.json, bought.text).toEqual({ success: true });
    }
    const list = await callUntyped(t, "GET", `/internal/payments/transactions?customer_id=${user.userId}&type=purchase`, { creds: project.admin });
    expect(list.json.transactions.map((tx: { entries: Array<{ quantity: number; one_time_purchase_id?: string }> }) => tx.entries[0]!.quantity)).toEqual([1, 3]);
    expect(list.json.transactions[0].entries[0].one_time_purchase_id).toBe(list.json.transactions[0].id);
    // A one-time purchase made in test mode took no money, so it cannot be refunded.
    const refund = await callUntyped(t, "POST", "/internal/payments/transactions/refund", {
      creds: project.admin,
      body: { type: "one-time-purchase", id: list.json.transactions[0].id, refund_entries: [{ entry_index: 0, quantity: 1, amount_usd: "0" }] },
    });
    expect(refund.json.code).toBe("TEST_MODE_PURCHASE_NON_REFUNDABLE");
    // No renewals or refunds for this customer.
    expect((await callUntyped(t, "GET", `/internal/payments/transactions?customer_id=${user.userId}&type=refund`, { creds: project.admin })).json).toEqual({ transactions: [], next_cursor: null });
  });

  it("refuses prices the product does not have, quantities of a product that does not stack, and codes that are not codes", async () => {
    const user = await signUpUser(t, project.client);
    const fullCode = codeOf((await purchaseUrl(user.accessToken, { customer_type: "user", customer_id: user.userId, product_id: "pro" })).json.url);
    // Bare 400s with a sentence, as Stack Auth answers them.
    for (const [body, mention] of [
      [{ full_code: fullCode, price_id: "weekly" }, "weekly"],
      [{ full_code: fullCode, price_id: "hidden" }, "hidden"],
      [{ full_code: fullCode, price_id: "monthly", quantity: 2 }, "not stackable"],
    ] as const) {
      const refused = await callUntyped(t, "POST", "/payments/purchases/complete-test-purchase", { body });
      expect(plainRefusal(refused), JSON.stringify(body)).toEqual([400, expect.stringContaining(mention)]);
    }
    const wrongSecret = `${project.projectId}_${"0".repeat(48)}`;
    for (const code of [wrongSecret, "nothing", `${fullCode}x`, `internal_${fullCode.split("_").pop()}`]) {
      const unknown = await callUntyped(t, "POST", "/payments/purchases/validate-code", { body: { full_code: code } });
      expect(unknown.status, code).toBe(404);
      expect(unknown.json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    }
    // Still good after all that.
    expect((await callUntyped(t, "POST", "/payments/purchases/complete-test-purchase", { body: { full_code: fullCode, price_id: "monthly" } })).json).toEqual({ success: true });
  });

  it("lets one of two purchases racing with one code through", async () => {
    const user = await signUpUser(t, project.client);
    const fullCode = codeOf((await purchaseUrl(user.accessToken, { customer_type: "user", customer_id: user.userId, product_id: "pack" })).json.url);
    const results = await Promise.all(
      [1, 2, 3].map(() => callUntyped(t, "POST", "/payments/purchases/complete-test-purchase", { body: { full_code: fullCode, price_id: "once" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await callUntyped(t, "GET", `/internal/payments/transactions?customer_id=${user.userId}`, { creds: project.admin })).json.transactions).toHaveLength(1);
  });
});

describe("who may ask for a checkout link", () => {
  it("limits a client to itself, its own teams and the catalog's public products", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signUpUser(t, project.client);
    // Stack Auth answers these as a bare status with a sentence.
    const plain: Array<[Record<string, unknown>, number, string]> = [
      [{ customer_type: "user", customer_id: other.userId, product_id: "pro" }, 403, other.userId],
      [{ customer_type: "custom", customer_id: "org-1", product_id: "pro" }, 403, "server access"],
      [{ customer_type: "user", customer_id: user.userId, product_inline: { display_name: "X", customer_type: "user", prices: { p: { USD: "1" } }, included_items: {} } }, 400, "server access"],
      [{ customer_type: "user", customer_id: user.userId }, 400, "product_id"],
    ];
    for (const [body, status, mention] of plain) {
      expect(plainRefusal(await purchaseUrl(user.accessToken, body)), JSON.stringify(body)).toEqual([status, expect.stringContaining(mention)]);
    }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ customer_type: "user", customer_id: user.userId, product_id: "internal" }, "PRODUCT_DOES_NOT_EXIST"],
      [{ customer_type: "user", customer_id: user.userId, product_id: "nope" }, "PRODUCT_DOES_NOT_EXIST"],
      // Whom the client acts for is checked first, as in Stack Auth.
      [{ customer_type: "team", customer_id: user.userId, product_id: "pro" }, "TEAM_MEMBERSHIP_NOT_FOUND"],
      [{ customer_type: "user", customer_id: user.userId, product_id: "pro", return_url: "https://evil.example.org/" }, "REDIRECT_URL_NOT_WHITELISTED"],
    ];
    for (const [body, code] of cases) {
      const refused = await purchaseUrl(user.accessToken, body);
      expect(refused.json?.code, JSON.stringify(body)).toBe(code);
    }
    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Mine", creator_user_id: user.userId } });
    expect(team.status, team.text).toBe(201);
    expect((await purchaseUrl(user.accessToken, { customer_type: "team", customer_id: team.json.id, product_id: "team-plan" })).status).toBe(200);
    expect((await purchaseUrl(other.accessToken, { customer_type: "team", customer_id: team.json.id, product_id: "team-plan" })).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    // The names older SDKs send, before Stack Auth renamed offers to products.
    const legacy = await purchaseUrl(user.accessToken, { customer_type: "user", customer_id: user.userId, offer_id: "pack" });
    expect(legacy.status, legacy.text).toBe(200);
    expect((await purchaseUrl(user.accessToken, { customer_type: "user", customer_id: user.userId, offer_id: "nope" })).json).toMatchObject({ code: "PRODUCT_DOES_NOT_EXIST", details: { product_id: "nope" } });
  });

  it("lets the server sell server-only and inline products to any customer, custom ones included", async () => {
    const user = await signUpUser(t, project.client);
    const serverCall = (body: Record<string, unknown>) => callUntyped(t, "POST", "/payments/purchases/create-purchase-url", { creds: project.server, body });
    expect((await serverCall({ customer_type: "user", customer_id: user.userId, product_id: "internal" })).status).toBe(200);
    const inline = await serverCall({
      customer_type: "custom",
      customer_id: "org-42",
      product_inline: { display_name: "Seats", customer_type: "custom", server_only: true, stackable: true, prices: { seat: { USD: "2.50" } }, included_items: {} },
    });
    expect(inline.status, inline.text).toBe(200);
    const fullCode = codeOf(inline.json.url);
    const offer = await callUntyped(t, "POST", "/payments/purchases/validate-code", { body: { full_code: fullCode, include_page_details: true } });
    expect(offer.json).toMatchObject({ product_id: null, customer_type: "custom", customer_id: "org-42", product: { display_name: "Seats", prices: { seat: { USD: "2.50" } } } });
    // The admin's test purchase completes it; another project's admin cannot use this project's code.
    const elsewhere = await createProjectFixture(t);
    const foreign = await callUntyped(t, "POST", "/internal/payments/test-mode-purchase-session", { creds: elsewhere.admin, body: { full_code: fullCode, price_id: "seat" } });
    expect(foreign.json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    const done = await callUntyped(t, "POST", "/internal/payments/test-mode-purchase-session", { creds: project.admin, body: { full_code: fullCode, price_id: "seat", quantity: 4 } });
    expect(done.json, done.text).toEqual({ success: true });
    const list = await callUntyped(t, "GET", "/internal/payments/transactions?customer_type=custom", { creds: project.admin });
    expect(list.json.transactions[0]).toMatchObject({ entries: [{ customer_type: "custom", customer_id: "org-42", product_id: null, quantity: 4, product: { display_name: "Seats" } }] });
  });

  it("needs Stripe for a project that is not in test mode; without a key this server has none", async () => {
    const live = await createProjectFixture(t);
    await withCatalog(live, { "payments.testMode": false });
    const user = await signUpUser(t, live.client);
    const refused = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
      creds: { ...live.client, accessToken: user.accessToken },
      body: { customer_type: "user", customer_id: user.userId, product_id: "pro" },
    });
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe("STRIPE_ACCOUNT_INFO_NOT_FOUND");
    for (const [method, path] of [
      ["POST", "/internal/payments/setup"],
      ["GET", "/internal/payments/stripe/account-info"],
      ["POST", "/internal/payments/stripe-widgets/account-session"],
      ["GET", "/internal/payments/method-configs"],
    ] as const) {
      const none = await callUntyped(t, method, path, { creds: live.admin, body: method === "POST" ? {} : undefined });
      expect(none.status, path).toBe(404);
      expect(none.json.code).toBe("STRIPE_ACCOUNT_INFO_NOT_FOUND");
    }
    // Webhooks without a secret to check them against change nothing.
    const webhook = await callUntyped(t, "POST", "/integrations/stripe/webhooks", { body: { id: "evt_1", type: "checkout.session.completed" }, headers: { "stripe-signature": "t=1,v1=00" } });
    expect(plainRefusal(webhook)).toEqual([400, expect.stringContaining("Stripe-Signature")]);
  });
});

describe("the transactions list", () => {
  it("pages newest first with a cursor, filters by customer type, and refuses cursors it did not give out", async () => {
    const p = await createProjectFixture(t);
    await withCatalog(p);
    const user = await signUpUser(t, p.client);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await callUntyped(t, "POST", "/payments/purchases/create-purchase-url", {
        creds: { ...p.client, accessToken: user.accessToken },
        body: { customer_type: "user", customer_id: user.userId, product_id: "pack" },
      });
      expect((await callUntyped(t, "POST", "/payments/purchases/complete-test-purchase", { body: { full_code: codeOf(created.json.url), price_id: "once" } })).json).toEqual({ success: true });
      ids.push((await callUntyped(t, "GET", `/internal/payments/transactions?customer_id=${user.userId}&limit=1`, { creds: p.admin })).json.transactions[0].id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: { transactions: Array<{ id: string }>; next_cursor: string | null } } = await callUntyped(
        t,
        "GET",
        `/internal/payments/transactions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { creds: p.admin },
      );
      seen.push(...page.json.transactions.map((tx) => tx.id));
      cursor = page.json.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect((await callUntyped(t, "GET", "/internal/payments/transactions?customer_type=team", { creds: p.admin })).json.transactions).toEqual([]);
    expect((await callUntyped(t, "GET", "/internal/payments/transactions?type=chargeback", { creds: p.admin })).json.transactions).toEqual([]);
    expect(plainRefusal(await callUntyped(t, "GET", "/internal/payments/transactions?cursor=garbage", { creds: p.admin }))).toEqual([400, expect.stringContaining("cursor")]);
    // Another project sees none of them.
    const other = await createProjectFixture(t);
    expect((await callUntyped(t, "GET", "/internal/payments/transactions", { creds: other.admin })).json.transactions).toEqual([]);
    const notFound = await callUntyped(t, "POST", "/internal/payments/transactions/refund", { creds: other.admin, body: { type: "one-time-purchase", id: ids[0], refund_entries: [{ entry_index: 0, quantity: 0, amount_usd: "1" }] } });
    expect(notFound.json).toMatchObject({ code: "ONE_TIME_PURCHASE_NOT_FOUND", details: { one_time_purchase_id: ids[0] } });
  });
});

const PURCHASE_BODY = (ctx: { project: ProjectFixture }) => ({ customer_type: "user", customer_id: ctx.project.user.userId, product_id: "missing" });

describeSecurity({
  operationId: "createPurchaseUrl",
  method: "POST",
  path: "/payments/purchases/create-purchase-url",
  access: ["client", "server", "admin"],
  body: PURCHASE_BODY,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
});
describeSecurity({
  operationId: "createTestModePurchaseSession",
  method: "POST",
  path: "/internal/payments/test-mode-purchase-session",
  access: ["admin"],
  body: { full_code: "x_y", price_id: "p" },
});
describeSecurity({ operationId: "setUpPayments", method: "POST", path: "/internal/payments/setup", access: ["admin"], body: {} });
describeSecurity({ operationId: "getStripeAccountInfo", method: "GET", path: "/internal/payments/stripe/account-info", access: ["admin"] });
describeSecurity({ operationId: "createStripeAccountSession", method: "POST", path: "/internal/payments/stripe-widgets/account-session", access: ["admin"], body: {} });
describeSecurity({ operationId: "getPaymentMethodConfigs", method: "GET", path: "/internal/payments/method-configs", access: ["admin"] });
describeSecurity({
  operationId: "updatePaymentMethodConfigs",
  method: "PATCH",
  path: "/internal/payments/method-configs",
  access: ["admin"],
  body: { config_id: "pmc_1", updates: { card: "on" } },
});
describeSecurity({ operationId: "listPaymentTransactions", method: "GET", path: "/internal/payments/transactions", access: ["admin"] });
describeSecurity({
  operationId: "refundPaymentTransaction",
  method: "POST",
  path: "/internal/payments/transactions/refund",
  access: ["admin"],
  body: { type: "one-time-purchase", id: "00000000-0000-4000-8000-000000000000", amount_usd: "1" },
});
