/**
 * The `payments` part of the configuration as Stack Auth's current schema has it: product
 * lines (formerly catalogs, before that groups), products (formerly offers), blockNewPurchases;
 * and the former names, accepted where Stack Auth accepts them and read back as it does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOverride, upsertOverride } from "../../db/queries/config-overrides";
import { expandDottedKeys } from "../../services/project-config/render";
import { call, callUntyped, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import { createTestApp, type TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;

beforeAll(() => {
  t = app();
});

const patchEnvironment = (project: ProjectFixture, override: Record<string, unknown>) =>
  call(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string: JSON.stringify(override) } });
const rendered = async (project: ProjectFixture) => JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string);
// Overrides are kept as written, dotted keys and all; the migration adds a product line's type as one.
const stored = async (project: ProjectFixture) =>
  expandDottedKeys(
    JSON.parse((await call(t, "GET", "/internal/config/override/environment" as "/internal/config/override/{level}", { creds: project.admin })).json.config_string),
  ) as Record<string, any>;

const monthly = { monthly: { USD: "10", interval: [1, "month"] } };

describe("payments configuration under Stack Auth's names", () => {
  it("takes the former names (offers, groups, catalogs, groupId, catalogId) and stores and reads back the current ones", async () => {
    const project = await createProjectFixture(t);
    const written = await patchEnvironment(project, {
      payments: {
        testMode: true,
        catalogs: { grp: { displayName: "Group" }, unused: { displayName: "No products" } },
        offers: {
          a: { displayName: "A", customerType: "user", catalogId: "grp", prices: monthly, includedItems: {} },
          b: { displayName: "B", customerType: "user", groupId: "grp", prices: monthly, includedItems: {} },
        },
      },
    });
    expect(written.status, written.text).toBe(200);
    expect(written.json).toEqual({ success: true });
    const override = await stored(project);
    expect(override.payments.productLines).toEqual({ grp: { displayName: "Group", customerType: "user" } });
    expect(override.payments.products.a.productLineId).toBe("grp");
    expect(override.payments.products.b.productLineId).toBe("grp");
    expect(JSON.stringify(override)).not.toMatch(/offers|catalog|groupId/);
    const config = await rendered(project);
    expect(config.payments.productLines).toEqual({ grp: { displayName: "Group", customerType: "user" } });
    expect(Object.keys(config.payments.products)).toEqual(["a", "b"]);
  });

  it("renders overrides stored before the rename with the current names", async () => {
    const project = await createProjectFixture(t);
    await upsertOverride(t.db, project.projectId, "environment", "main", {
      payments: { catalogs: { plans: { displayName: "Plans" } }, products: { pro: { displayName: "Pro", customerType: "team", catalogId: "plans", prices: monthly } } },
    });
    t.deps.tenancies.forget(project.projectId);
    const config = await rendered(project);
    expect(config.payments.productLines).toEqual({ plans: { displayName: "Plans", customerType: "team" } });
    expect(config.payments.products.pro).toMatchObject({ productLineId: "plans", customerType: "team" });
    expect((await stored(project)).payments.productLines.plans.customerType).toBe("team");
    // A change to that level stores it renamed.
    expect((await patchEnvironment(project, { "payments.testMode": false })).status).toBe(200);
    expect(JSON.stringify(await findOverride(t.db, project.projectId, "environment", "main"))).not.toContain("catalog");
  });

  it("holds products and items without a customer type as user products and items, as Stack Auth does", async () => {
    const project = await createProjectFixture(t);
    expect((await patchEnvironment(project, { payments: { items: { i1: { displayName: "Item 1" } }, products: { p: { displayName: "P", prices: { once: { USD: "1" } }, includedItems: { i1: { quantity: 2 } } } } } })).status).toBe(200);
    const user = await signUpUser(t, project.client);
    expect((await callUntyped(t, "POST", `/payments/products/user/${user.userId}`, { creds: project.server, body: { product_id: "p" } })).status).toBe(200);
    expect((await callUntyped(t, "GET", `/payments/items/user/${user.userId}/i1`, { creds: project.server })).json).toEqual({ id: "i1", display_name: "Item 1", quantity: 2 });
  });
});

describe("blockNewPurchases", () => {
  it("refuses purchase links, purchases and switches with NEW_PURCHASES_BLOCKED, and lets them through again when turned off", async () => {
    const project = await createProjectFixture(t);
    const config = {
      "payments.productLines.plans": { customerType: "user" },
      "payments.products.basic": { displayName: "Basic", customerType: "user", productLineId: "plans", prices: monthly },
      "payments.products.pro": { displayName: "Pro", customerType: "user", productLineId: "plans", prices: { monthly: { USD: "20", interval: [1, "month"] } } },
    };
    expect((await patchEnvironment(project, config)).status).toBe(200);
    const user = await signUpUser(t, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    const link = (productId = "basic") =>
      callUntyped(t, "POST", "/payments/purchases/create-purchase-url", { creds, body: { customer_type: "user", customer_id: user.userId, product_id: productId } });
    const code = decodeURIComponent(new URL((await link()).json.url).pathname.split("/").pop()!);
    await callUntyped(t, "POST", `/payments/products/user/${user.userId}`, { creds: project.server, body: { product_id: "basic" } });

    expect((await patchEnvironment(project, { "payments.blockNewPurchases": true })).status).toBe(200);
    const attempts = [
      await link(),
      await callUntyped(t, "POST", "/payments/purchases/purchase-session", { body: { full_code: code, price_id: "monthly" } }),
      await callUntyped(t, "POST", "/internal/payments/test-mode-purchase-session", { creds: project.admin, body: { full_code: code, price_id: "monthly" } }),
      await callUntyped(t, "POST", `/payments/products/user/${user.userId}/switch`, { creds: project.server, body: { from_product_id: "basic", to_product_id: "pro" } }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status, attempt.text).toBe(403);
      expect(attempt.json.code).toBe("NEW_PURCHASES_BLOCKED");
    }
    // What customers hold stays, and the server's own grants go on.
    expect((await callUntyped(t, "GET", `/payments/products/user/${user.userId}`, { creds: project.server })).json.items.map((p: { id: string }) => p.id)).toEqual(["basic"]);

    expect((await patchEnvironment(project, { "payments.blockNewPurchases": false })).status).toBe(200);
    expect((await link("pro")).status).toBe(200);
  });
});

describe("PUBLIC_WEB_URL", () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp({ publicUrl: "http://api.example.test", env: { PUBLIC_WEB_URL: "http://pages.example.test/" } });
  });
  afterAll(async () => {
    await own.close();
  });

  it("puts the checkout link on the web pages' origin, not the API's", async () => {
    const project = await createProjectFixture(own);
    const patched = await call(own, "PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "payments.products.pro": { displayName: "Pro", customerType: "user", prices: monthly } }) },
    });
    expect(patched.status, patched.text).toBe(200);
    const user = await signUpUser(own, project.client);
    const link = await callUntyped(own, "POST", "/payments/purchases/create-purchase-url", { creds: project.server, body: { customer_type: "user", customer_id: user.userId, product_id: "pro" } });
    expect(link.json.url).toMatch(new RegExp(`^http://pages\\.example\\.test/purchase/${project.projectId}_[0-9a-f]{48}$`));
    expect(own.deps.settings.publicUrl).toBe("http://api.example.test");
  });
});
