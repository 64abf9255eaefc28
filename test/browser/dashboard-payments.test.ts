import { describe, expect, it } from "vitest";
import { settled } from "./support/account-settings";
import { useBrowserHarness } from "./support/browser-harness";
import { createSeededProject, openProjectPage, pageScreenshots, signInToDashboard } from "./support/dashboard-project";

const harness = useBrowserHarness();

describe("dashboard: payments", () => {
  it("defines an item and a product in the catalog, with the page's and the server's checks", async () => {
    const { page, server } = harness();
    const project = await createSeededProject(server, "Harbour shop");
    const admin = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { "content-type": "application/json", "x-stack-project-id": project.projectId, "x-stack-access-type": "admin", "x-stack-admin-access-token": project.owner.tokens.access_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, json: (await response.json()) as any }));
    const catalog = async () => JSON.parse((await admin("GET", "/internal/config")).json.config_string).payments;
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
    await page.getByRole("button", { name: "Add product" }).click();
    const productForm = page.getByRole("dialog", { name: "Add a product" });
    await productForm.getByLabel("Id", { exact: true }).fill("pro");
    await productForm.getByLabel("Display name").fill("Pro plan");
    await productForm.getByLabel("Amount").fill("9.999");
    await productForm.getByRole("button", { name: "Include an item" }).click();
    await productForm.getByLabel("Quantity").fill("100");
    await productForm.getByRole("button", { name: "Add product" }).click();
    await productForm.getByText("at most 2 decimals").waitFor();
    await productForm.getByLabel("Amount").fill("9.99");
    await settled(page);
    await pageScreenshots(page, "dashboard-payments-product-form");
    await productForm.getByRole("button", { name: "Add product" }).click();
    await productForm.waitFor({ state: "detached" });
    const card = page.getByRole("listitem", { name: "Pro plan" });
    await card.getByText("monthly: 9.99 USD every 1 month").waitFor();
    await card.getByText("Includes 100 × Credits").waitFor();

    const saved = await catalog();
    expect(saved.items).toEqual({ credits: { displayName: "Credits", customerType: "user" } });
    expect(saved.products.pro).toEqual({
      displayName: "Pro plan",
      customerType: "user",
      prices: { monthly: { USD: "9.99", interval: [1, "month"] } },
      includedItems: { credits: { quantity: 100, repeat: "never", expires: "never" } },
    });
    // An included item cannot be removed while the product uses it.
    expect(await page.getByRole("button", { name: "Remove item Credits" }).isDisabled()).toBe(true);
    await settled(page);
    await pageScreenshots(page, "dashboard-payments-catalog");
  }, 120_000);
});
