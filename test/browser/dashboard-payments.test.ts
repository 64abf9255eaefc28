import AxeBuilder from "@axe-core/playwright";
import { startServer, startStripeStandIn, type StripeStandIn, type TestServer } from "../harness";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_DIST_DIR } from "../../scripts/web-build.mjs";
import { settled } from "./support/account-settings";
import { uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { adminHeaders, callProject, createSeededProject, openProjectPage, pageScreenshots, signInToDashboard, type SeededProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

/** The dashboard's own calls for the project: admin, with its owner's token. */
const adminOf = (server: TestServer, project: SeededProject) => (method: string, path: string, body?: unknown) =>
  callProject(server, project.projectId, adminHeaders(project.owner.tokens.access_token), method, path, body);

/** Closes the "saved" notifications, which would otherwise cover the page's heading in the screenshots. */
async function dismissNotifications(page: Page) {
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>(".mantine-Notification-closeButton").forEach((button) => button.click()));
  await page.waitForFunction(() => document.querySelectorAll(".mantine-Notification-root").length === 0);
}

/** Desktop and phone screenshots of the page once its notifications are gone. */
async function shots(page: Page, name: string) {
  await dismissNotifications(page);
  await settled(page);
  await pageScreenshots(page, name);
}

describe("dashboard: payments", () => {
  it("defines a product in the catalog, sells it in test mode on the checkout page, and shows the customer's product, items and transaction", async () => {
    const { page, server } = harness();
    const project = await createSeededProject(server, "Harbour shop");
    const admin = adminOf(server, project);
    const catalog = async () => JSON.parse((await admin("GET", "/internal/config")).json.config_string).payments;
    const override = (changes: Record<string, unknown>) => admin("PATCH", "/internal/config/override/environment", { config_override_string: JSON.stringify(changes) });
    expect((await override({ "payments.productLines.plans": { displayName: "Plans", customerType: "user" } })).status).toBe(200);
    await signInToDashboard(page, project);
    await openProjectPage(page, project.projectId, "payments", "Payments");
    await page.getByText("No products yet").waitFor();
    await page.getByText("No items yet").waitFor();

    // An item: the page refuses a malformed id before anything is sent.
    await page.getByRole("button", { name: "Add item" }).click();
    const itemForm = page.getByRole("dialog", { name: "Add an item" });
    await itemForm.getByLabel("Id").fill("-credits");
    await itemForm.getByRole("button", { name: "Add item" }).click();
    await itemForm.getByText("not starting with a hyphen").waitFor();
    await itemForm.getByLabel("Id").fill("credits");
    await itemForm.getByLabel("Display name").fill("Credits");
    await itemForm.getByRole("button", { name: "Add item" }).click();
    await itemForm.waitFor({ state: "detached" });
    await page.getByRole("listitem", { name: "Credits" }).waitFor();

    // A product including 100 credits each month, at 9.99 USD a month.
    await page.getByRole("button", { name: "Add product", exact: true }).click();
    const productForm = page.getByRole("dialog", { name: "Add a product" });
    await productForm.getByLabel("Id", { exact: true }).fill("pro");
    await productForm.getByLabel("Display name").fill("Pro plan");
    await productForm.getByLabel("Amount").fill("9.999");
    await productForm.getByRole("button", { name: "Include an item" }).click();
    await productForm.getByLabel("Quantity").fill("100");
    await productForm.getByRole("button", { name: "Add product" }).click();
    await productForm.getByText("at most 2 decimals").waitFor();
    await productForm.getByLabel("Amount").fill("9.99");
    await productForm.getByPlaceholder("None").click();
    await page.getByRole("option", { name: "Plans", exact: true }).click();
    await shots(page, "dashboard-payments-product-form");
    // The product line goes away behind the page's back: the server refuses, and the form says why.
    expect((await override({ "payments.productLines.plans": null })).status).toBe(200);
    await productForm.getByRole("button", { name: "Add product" }).click();
    await productForm.getByRole("alert").getByText('no product line "plans"').waitFor();
    expect((await catalog()).products).toEqual({});
    expect((await override({ "payments.productLines.plans": { displayName: "Plans", customerType: "user" } })).status).toBe(200);
    await productForm.getByRole("button", { name: "Add product" }).click();
    await productForm.waitFor({ state: "detached" });
    const card = page.getByRole("listitem", { name: "Pro plan" });
    await card.getByText("monthly: $9.99 every month").waitFor();
    await card.getByText("Includes 100 × Credits").waitFor();

    const saved = await catalog();
    expect(saved.items).toEqual({ credits: { displayName: "Credits", customerType: "user" } });
    expect(saved.products.pro).toEqual({
      displayName: "Pro plan",
      customerType: "user",
      productLineId: "plans",
      prices: { monthly: { USD: "9.99", interval: [1, "month"] } },
      includedItems: { credits: { quantity: 100, repeat: "never", expires: "never" } },
    });
    // An included item cannot be removed while the product uses it.
    expect(await page.getByRole("button", { name: "Remove item Credits" }).isDisabled()).toBe(true);
    await shots(page, "dashboard-payments-catalog");

    // A purchase link made by the project's backend opens the hosted checkout, which buys in test mode.
    const buyer = await project.asServer("POST", "/users", { primary_email: uniqueEmail("buyer"), primary_email_auth_enabled: true });
    expect(buyer.status).toBe(201);
    const buyerId = buyer.json.id as string;
    const returnUrl = `${server.url}/`;
    const link = await project.asServer("POST", "/payments/purchases/create-purchase-url", { customer_type: "user", customer_id: buyerId, product_id: "pro", return_url: returnUrl });
    expect(link.status).toBe(200);
    const checkoutUrl = new URL(link.json.url as string);
    expect(checkoutUrl.pathname).toMatch(/^\/purchase\/.+/);
    await page.goto(`${checkoutUrl.pathname}${checkoutUrl.search}`);
    await page.getByRole("heading", { name: "Pro plan", level: 1 }).waitFor();
    expect(await page.getByTestId("checkout-project").textContent()).toBe("Harbour shop");
    await page.getByText("Nobody is charged").waitFor();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$9.99 every month");
    await shots(page, "checkout-test-mode");
    await page.getByRole("button", { name: "Complete test purchase" }).click();
    await page.getByRole("heading", { name: "Purchase complete" }).waitFor();
    expect(await page.getByRole("link", { name: "Return to Harbour shop" }).getAttribute("href")).toBe(returnUrl);
    await shots(page, "checkout-complete");
    // The link buys once.
    await page.reload();
    await page.getByRole("heading", { name: "This purchase link has already been used" }).waitFor();

    // The API agrees: the buyer holds the product and its 100 credits.
    const held = await project.asServer("GET", `/payments/products/user/${buyerId}`);
    expect(held.json.items.map((p: { id: string }) => p.id)).toEqual(["pro"]);
    expect((await project.asServer("GET", `/payments/items/user/${buyerId}/credits`)).json.quantity).toBe(100);

    // Customers: the product and the quantity, which an admin takes 30 from.
    await openProjectPage(page, project.projectId, `payments/customers?type=user&id=${buyerId}`, "Payments");
    const products = page.getByRole("region", { name: "Products" });
    await products.getByRole("listitem", { name: "Pro plan" }).waitFor();
    expect(await page.getByTestId("quantity-credits").textContent()).toBe("100");
    await page.getByRole("button", { name: "Adjust Credits" }).click();
    const adjust = page.getByRole("dialog", { name: "Adjust Credits" });
    await adjust.getByLabel("Change by").fill("-130");
    await adjust.getByRole("button", { name: "Change quantity" }).click();
    await adjust.getByRole("alert").waitFor();
    await adjust.getByLabel("Change by").fill("-30");
    await adjust.getByLabel("Description").fill("Support credit correction");
    await adjust.getByRole("button", { name: "Change quantity" }).click();
    await adjust.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("quantity-credits").textContent()).toBe("70");
    expect((await project.asServer("GET", `/payments/items/user/${buyerId}/credits`)).json.quantity).toBe(70);
    await shots(page, "dashboard-payments-customer");

    // Cancel the subscription here: it stops renewing, and the customer keeps the product to the end of its period.
    await products.getByRole("button", { name: "Cancel Pro plan" }).click();
    await page.getByRole("dialog", { name: "Cancel Pro plan?" }).getByRole("button", { name: "Cancel subscription" }).click();
    await products.getByRole("button", { name: "Cancel Pro plan" }).waitFor({ state: "detached" });
    await products.getByRole("listitem", { name: "Pro plan" }).waitFor();
    expect((await project.asServer("GET", `/payments/products/user/${buyerId}`)).json.items.map((p: { id: string; subscription: unknown }) => [p.id, p.subscription])).toEqual([["pro", null]]);
    // Granting it again is refused while it is held; the page shows the server's message.
    await products.getByPlaceholder("Choose a product").click();
    await page.getByRole("option", { name: "Pro plan", exact: true }).click();
    await products.getByRole("button", { name: "Grant", exact: true }).click();
    await products.getByRole("alert").waitFor();

    // Transactions: the test purchase, as the API lists it.
    await page.getByRole("tab", { name: "Transactions" }).click();
    const table = page.getByRole("table", { name: "Transactions" });
    const row = table.getByRole("row").filter({ hasText: "Pro plan" });
    await row.getByRole("link", { name: `user ${buyerId}` }).waitFor();
    await row.getByText("Test", { exact: true }).waitFor();
    const listed = (await admin("GET", "/internal/payments/transactions")).json.transactions as Array<{ type: string; entries: Array<{ customer_id: string }>; test_mode: boolean }>;
    expect(listed.filter((t) => t.type === "purchase").map((t) => [t.entries[0]!.customer_id, t.test_mode])).toEqual([[buyerId, true]]);
    expect(await row.textContent()).toContain("Purchase");
    await shots(page, "dashboard-payments-transactions");
  }, 180_000);
});

describe("checkout: live mode", () => {
  let stripe: StripeStandIn;
  let live: TestServer;
  beforeAll(async () => {
    // A second server whose Stripe is the local stand-in (the real SDK talks to it).
    stripe = await startStripeStandIn();
    live = await startServer({ webDistDir: WEB_DIST_DIR, env: stripe.env });
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    await stripe?.close();
  });

  it("sells a live offer on the page through Stripe.js's payment element (a declined card, a reload, then paid), and refunds it from Transactions", async () => {
    const { page } = harness();
    const project = await createSeededProject(live, "Harbour live");
    const admin = adminOf(live, project);
    const catalog = {
      "payments.testMode": false,
      "payments.items.credits": { displayName: "Credits", customerType: "user" },
      "payments.products.credit-pack": {
        displayName: "Credit pack",
        customerType: "user",
        stackable: true,
        prices: { once: { USD: "5", EUR: "4.5" } },
        includedItems: { credits: { quantity: 50 } },
      },
    };
    expect((await admin("PATCH", "/internal/config/override/environment", { config_override_string: JSON.stringify(catalog) })).status).toBe(200);
    const setup = await admin("POST", "/internal/payments/setup", {});
    expect(setup.status).toBe(200);
    const accountId = setup.json.url.split("/").pop() as string;
    stripe.accounts.get(accountId)!.charges_enabled = true;
    const buyer = await project.asServer("POST", "/users", { primary_email: uniqueEmail("live-buyer"), primary_email_auth_enabled: true });
    const link = await project.asServer("POST", "/payments/purchases/create-purchase-url", { customer_type: "user", customer_id: buyer.json.id, product_id: "credit-pack" });
    expect(link.status).toBe(200);

    await page.goto(link.json.url);
    await page.getByRole("heading", { name: "Credit pack", level: 1 }).waitFor();
    expect(await page.getByText("Nobody is charged").count()).toBe(0);
    await page.getByLabel("Quantity").fill("3");
    await page.getByText("EUR", { exact: true }).click();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("€13.50 once");
    await shots(page, "checkout-live");
    await page.getByText("USD", { exact: true }).click();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$15.00 once");
    // Continue starts the payment at Stripe (purchase-session) and mounts Stripe.js's payment element (the stand-in's).
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("heading", { name: "Pay for Credit pack", level: 1 }).waitFor();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$15.00 once");
    await page.getByTestId("stripe-payment-element").waitFor();
    await shots(page, "checkout-live-payment");
    // The payment step passes axe-core (WCAG 2.1 AA), light at desktop width and dark on a phone;
    // the stand-in's card field is Stripe's iframe in production, so it is left out.
    for (const [scheme, width] of [["light", 1280], ["dark", 390]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const scan = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude("[data-testid=stripe-payment-element]").analyze();
      expect(scan.violations.map((v) => `${scheme} ${width}: ${v.id}`)).toEqual([]);
    }
    const intent = [...stripe.paymentIntents.values()].at(-1)!;
    expect(intent).toMatchObject({ amount: 1500, currency: "usd", account: accountId, status: "requires_payment_method" });

    // A declined card (Stripe's test card 4000 0000 0000 0002) is said so on the page; nothing is paid.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("alert").getByText("The card was declined.").waitFor();
    expect(intent.status).toBe("requires_payment_method");
    // A reload finds the payment this tab started (the link is spent) and offers its form again.
    await page.reload();
    await page.getByRole("heading", { name: "Pay for Credit pack", level: 1 }).waitFor();
    await page.getByTestId("stripe-payment-element").waitFor();
    await page.getByRole("button", { name: "Pay now" }).click();
    // Stripe confirms on the project's account and sends the buyer back to the page.
    await page.getByRole("heading", { name: "Purchase complete" }).waitFor();
    expect(new URL(page.url()).searchParams.get("redirect_status")).toBe("succeeded");
    expect(intent.status).toBe("succeeded");
    await page.getByText("Thank you: Credit pack from Harbour live is yours once the payment is confirmed").waitFor();
    await shots(page, "checkout-live-paid");

    // Stripe says it was paid; the dashboard's Transactions refunds it through Stripe.
    const paid = stripe.signedEvent({ account: accountId, type: "payment_intent.succeeded", object: stripe.paymentIntentObject(intent.id) });
    const delivered = await fetch(`${live.url}/api/v1/integrations/stripe/webhooks`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": paid.signature }, body: paid.body });
    expect(delivered.status).toBe(200);
    await page.goto(`${live.url}/`);
    await page.evaluate(([access, refresh]) => {
      localStorage.setItem("gatehouse:internal:access-token", access!);
      localStorage.setItem("gatehouse:internal:refresh-token", refresh!);
    }, [project.owner.tokens.access_token, project.owner.tokens.refresh_token]);
    await page.goto(`${live.url}/dashboard/projects/${project.projectId}/payments/transactions`);
    const row = page.getByRole("table", { name: "Transactions" }).getByRole("row").filter({ hasText: "Credit pack" });
    await row.getByText("$15.00").waitFor();
    await shots(page, "dashboard-payments-transactions-live");
    await row.getByRole("button", { name: "Refund" }).click();
    await page.getByRole("dialog", { name: "Refund this transaction?" }).getByRole("button", { name: "Refund" }).click();
    await row.getByText("Refunded").waitFor();
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: intent.id, amount: 1500, account: accountId })]);
    expect((await project.asServer("GET", `/payments/products/user/${buyer.json.id}`)).json.items).toEqual([]);
    // Refunds are transactions of their own, listed under their type (the default list, as Stack
    // Auth's, shows purchases, renewals and quantity changes).
    await page.getByRole("combobox", { name: "Type", exact: true }).click();
    await page.getByRole("option", { name: "Refund", exact: true }).click();
    await page.getByRole("table", { name: "Transactions" }).getByText("-$15.00").waitFor();

    // Back without paying (the cancel URL): the spent link says nothing was charged.
    await page.goto(`${link.json.url}${link.json.url.includes("?") ? "&" : "?"}purchase=canceled`);
    await page.getByRole("heading", { name: "Payment canceled" }).waitFor();
    await page.getByText("Nothing was charged").waitFor();
  }, 120_000);
});
