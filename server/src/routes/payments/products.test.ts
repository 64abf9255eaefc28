import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { declareTestCatalog } from "../../testing/payments-catalog";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  await declareTestCatalog(t, project);
});

const asUser = (accessToken: string) => ({ ...project.client, accessToken });
const grant = (customer: string, body: Record<string, unknown>, creds = project.server) => callUntyped(t, "POST", `/payments/products/${customer}`, { creds, body });
const list = (customer: string, creds = project.server, query = "") => callUntyped(t, "GET", `/payments/products/${customer}${query}`, { creds });
const cancel = (customer: string, productId: string, creds = project.server) => callUntyped(t, "DELETE", `/payments/products/${customer}/${productId}`, { creds });
const held = async (customer: string, creds = project.server) => {
  const res = await list(customer, creds);
  expect(res.status, res.text).toBe(200);
  return (res.json.items as { id: string | null; quantity: number }[]).map((p) => `${p.id}x${p.quantity}`);
};
const credits = async (customer: string) => (await callUntyped(t, "GET", `/payments/items/${customer}/credits`, { creds: project.server })).json.quantity as number;

async function newUser() {
  const user = await signUpUser(t, project.client);
  return { ...user, customer: `user/${user.userId}`, creds: asUser(user.accessToken) };
}

describe("granting products", () => {
  it("grants a configured product with its included items, listed in Stack's shape, and refuses it twice", async () => {
    const u = await newUser();
    const granted = await grant(u.customer, { product_id: "pro" });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.json).toEqual({ success: true, subscription_id: expect.any(String) });
    const page = await list("user/me", u.creds);
    expect(page.json).toEqual({
      items: [
        {
          id: "pro",
          quantity: 1,
          product: {
            display_name: "Pro",
            customer_type: "user",
            server_only: false,
            stackable: false,
            prices: { monthly: { USD: "20", interval: [1, "month"] }, yearly: { USD: "200", interval: [1, "year"] } },
            included_items: { credits: { quantity: 100, repeat: [1, "month"], expires: "when-repeated" } },
            client_metadata: null,
            client_read_only_metadata: null,
            server_metadata: null,
          },
          type: "subscription",
          // A granted subscription runs for one interval of its first price.
          subscription: { subscription_id: granted.json.subscription_id, current_period_end: expect.any(String), cancel_at_period_end: false, is_cancelable: true },
          switch_options: [{ product_id: "basic", product: expect.objectContaining({ display_name: "Basic" }) }],
        },
      ],
      is_paginated: true,
      pagination: { next_cursor: null },
    });
    expect(await credits(u.customer)).toBe(100);
    expect((await grant(u.customer, { product_id: "pro" })).json).toMatchObject({ code: "PRODUCT_ALREADY_GRANTED", details: { product_id: "pro", customer_id: u.userId } });
  });

  it("grants a product once when the same grant arrives several times at the same moment, refusing the rest with a known error", async () => {
    const u = await newUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => grant(u.customer, { product_id: "pro" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(answers.filter((a) => a.status === 400).map((a) => a.json.code)).toEqual(Array(4).fill("PRODUCT_ALREADY_GRANTED"));
    expect(await held(u.customer)).toEqual(["prox1"]);
    expect(await credits(u.customer)).toBe(100);
  });

  it("adds to a stackable product's quantity; a one-time product cannot be cancelled", async () => {
    const u = await newUser();
    expect((await grant(u.customer, { product_id: "credit_pack", quantity: 2 })).json).toEqual({ success: true });
    expect((await grant(u.customer, { product_id: "credit_pack", quantity: 3 })).status).toBe(200);
    expect(await held(u.customer)).toEqual(["credit_packx5"]);
    expect(await credits(u.customer)).toBe(250);
    // Stack Auth answers these as a bare 400 with a sentence, not a known error.
    expect(plainRefusal(await grant(u.customer, { product_id: "pro", quantity: 2 }))).toEqual([400, expect.stringContaining("not stackable")]);
    expect(plainRefusal(await cancel(u.customer, "credit_pack", u.creds))).toEqual([400, expect.stringContaining("bought once")]);
    expect(await held(u.customer)).toEqual(["credit_packx5"]);
  });

  it("holds one product per product line: granting another ends the subscription held and its items", async () => {
    const u = await newUser();
    await grant(u.customer, { product_id: "basic" });
    expect(await credits(u.customer)).toBe(10);
    await grant(u.customer, { product_id: "pro" });
    expect(await held(u.customer)).toEqual(["prox1"]);
    expect(await credits(u.customer)).toBe(100);
  });

  it("grants an add-on only over its base product, and ends nothing else", async () => {
    const u = await newUser();
    expect(plainRefusal(await grant(u.customer, { product_id: "pro_addon" }))).toEqual([400, expect.stringContaining("add-on")]);
    await grant(u.customer, { product_id: "pro" });
    expect((await grant(u.customer, { product_id: "pro_addon" })).status).toBe(200);
    expect(await held(u.customer)).toEqual(["prox1", "pro_addonx1"]);
    expect(await credits(u.customer)).toBe(105);
  });

  it("grants an inline product, and refuses products that do not exist or are for another customer type", async () => {
    const u = await newUser();
    const inline = {
      display_name: "One-off bundle",
      customer_type: "user",
      server_only: false,
      prices: { once: { USD: "3.5" } },
      included_items: { credits: { quantity: 4 } },
    };
    expect((await grant(u.customer, { product_inline: inline })).json).toEqual({ success: true });
    expect((await list(u.customer)).json.items[0]).toMatchObject({ id: null, quantity: 1, type: "one_time", subscription: null, product: { display_name: "One-off bundle" } });
    expect(await credits(u.customer)).toBe(4);
    expect((await grant(u.customer, { product_inline: { ...inline, prices: { once: { USD: "3.555" } } } })).json.code).toBe("SCHEMA_ERROR");
    expect((await grant(u.customer, { product_inline: { ...inline, prices: { once: { JPY: "1.5" } } } })).json.code).toBe("SCHEMA_ERROR");
    expect((await grant(u.customer, {})).json.code).toBe("SCHEMA_ERROR");
    expect((await grant(u.customer, { product_id: "pro", product_inline: inline })).json.code).toBe("SCHEMA_ERROR");
    expect((await grant(u.customer, { product_id: "nope" })).json).toMatchObject({ code: "PRODUCT_DOES_NOT_EXIST", details: { product_id: "nope" } });
    expect((await grant(u.customer, { product_id: "team_plan" })).json).toMatchObject({
      code: "PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH",
      details: { product_id: "team_plan", customer_id: u.userId, product_customer_type: "team", actual_customer_type: "user" },
    });
    expect((await grant(u.customer, { product_id: "pro" }, u.creds)).json.code).toBe("INSUFFICIENT_ACCESS_TYPE");
  });

  it("grants to teams and custom customers; a team holds its line's include-by-default product until it holds another", async () => {
    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Plan team" } });
    const seats = async () => (await callUntyped(t, "GET", `/payments/items/team/${team.json.id}/seats`, { creds: project.server })).json.quantity;
    expect((await list(`team/${team.json.id}`)).json.items).toEqual([
      expect.objectContaining({ id: "team_free", quantity: 1, type: "one_time", subscription: null, product: expect.objectContaining({ display_name: "Team free" }) }),
    ]);
    expect(await seats()).toBe(1);
    // Nothing was subscribed to, so there is nothing to cancel.
    expect(plainRefusal(await cancel(`team/${team.json.id}`, "team_free"))).toEqual([400, expect.stringContaining("team_free")]);
    // The server switches away from the default: the other product is granted, and the default steps aside.
    const switched = await callUntyped(t, "POST", `/payments/products/team/${team.json.id}/switch`, { creds: project.server, body: { from_product_id: "team_free", to_product_id: "team_plan" } });
    expect(switched.json, switched.text).toEqual({ success: true });
    expect(await held(`team/${team.json.id}`)).toEqual(["team_planx1"]);
    expect(await seats()).toBe(5);
    // Cancelled without Stripe, the subscription runs to the end of its period (listed as no longer billed).
    expect((await cancel(`team/${team.json.id}`, "team_plan")).json).toEqual({ success: true });
    expect((await list(`team/${team.json.id}`)).json.items).toEqual([expect.objectContaining({ id: "team_plan", quantity: 1, type: "one_time", subscription: null })]);
    expect(await seats()).toBe(5);
    await grant("custom/acme", { product_id: "custom_quota" });
    expect(await held("custom/acme")).toEqual(["custom_quotax1"]);
  });
});

describe("listing, cancelling and switching", () => {
  it("pages with a cursor in product id order, and hides server-only products from clients", async () => {
    const u = await newUser();
    await grant(u.customer, { product_id: "basic" });
    await grant(u.customer, { product_id: "credit_pack" });
    await grant(u.customer, { product_id: "internal_bonus" });
    expect(await held(u.customer)).toEqual(["basicx1", "credit_packx1", "internal_bonusx1"]);
    expect(await held(u.customer, u.creds)).toEqual(["basicx1", "credit_packx1"]);
    const first = await list(u.customer, project.server, "?limit=2");
    expect(first.json.items.map((p: { id: string }) => p.id)).toEqual(["basic", "credit_pack"]);
    // The cursor is the next page's first product id, as in Stack Auth.
    expect(first.json.pagination.next_cursor).toBe("internal_bonus");
    const second = await list(u.customer, project.server, `?limit=2&cursor=${first.json.pagination.next_cursor}`);
    expect(second.json.items.map((p: { id: string }) => p.id)).toEqual(["internal_bonus"]);
    expect(second.json.pagination.next_cursor).toBeNull();
    expect(plainRefusal(await list(u.customer, project.server, "?cursor=not-a-grant"))).toEqual([400, expect.stringContaining("cursor")]);
    expect(await credits(u.customer)).toBe(10 + 50 + 7);
  });

  it("lets a client cancel its own subscriptions, but not server-only products nor another user's; a cancelled one runs to its period's end", async () => {
    const u = await newUser();
    const other = await newUser();
    await grant(u.customer, { product_id: "pro" });
    await grant(u.customer, { product_id: "internal_bonus" });
    expect((await cancel(u.customer, "internal_bonus", u.creds)).json).toMatchObject({ code: "PRODUCT_DOES_NOT_EXIST", details: { product_id: "internal_bonus", context: "server_only" } });
    const foreign = await cancel(u.customer, "pro", other.creds);
    expect(plainRefusal(foreign)).toEqual([403, expect.stringContaining(u.userId)]);
    expect((await cancel("user/me", "pro", u.creds)).json).toEqual({ success: true });
    const listed = (await list(u.customer)).json.items;
    expect(listed.map((p: { id: string; type: string; subscription: unknown }) => [p.id, p.type, p.subscription])).toEqual([
      ["internal_bonus", "one_time", null],
      ["pro", "one_time", null],
    ]);
    expect(await credits(u.customer)).toBe(107);
    expect(plainRefusal(await cancel(u.customer, "pro", u.creds))).toEqual([400, expect.stringContaining("bought once")]);
    expect(plainRefusal(await cancel(u.customer, "internal_bonus"))).toEqual([400, expect.stringContaining("bought once")]);
    expect((await cancel(u.customer, "nope")).json).toMatchObject({ code: "PRODUCT_DOES_NOT_EXIST", details: { product_id: "nope", context: null } });
    expect((await cancel(u.customer, "credits")).json).toMatchObject({ code: "PRODUCT_DOES_NOT_EXIST", details: { product_id: "credits", context: "item_exists" } });
  });

  it("cancels an inline subscription by its id", async () => {
    const u = await newUser();
    const inline = { display_name: "Inline sub", customer_type: "user", server_only: false, prices: { monthly: { USD: "5", interval: [1, "month"] } }, included_items: {} };
    const granted = await grant(u.customer, { product_inline: inline });
    const byId = (id: string) => callUntyped(t, "DELETE", `/payments/products/user/me/_inline?subscription_id=${id}`, { creds: u.creds });
    expect(plainRefusal(await byId("00000000-0000-4000-8000-000000000000"))).toEqual([400, expect.stringContaining("no running subscription")]);
    expect((await byId(granted.json.subscription_id)).json).toEqual({ success: true });
    expect((await list(u.customer)).json.items).toEqual([expect.objectContaining({ id: null, type: "one_time", subscription: null })]);
  });

  it("switches between products of one product line, refusing what cannot be switched; a client switches only what Stripe bills", async () => {
    const u = await newUser();
    const sw = (body: Record<string, unknown>, creds = project.server) => callUntyped(t, "POST", `/payments/products/${u.customer}/switch`, { creds, body });
    expect(plainRefusal(await sw({ from_product_id: "basic", to_product_id: "pro" }))).toEqual([400, expect.stringContaining("holds no subscription")]);
    await grant(u.customer, { product_id: "basic" });
    // Not paid through Stripe: a client cannot move itself to a dearer plan for free (as in Stack Auth).
    const byClient = await sw({ from_product_id: "basic", to_product_id: "pro" }, u.creds);
    expect(plainRefusal(byClient)).toEqual([400, expect.stringContaining("cannot be switched")]);
    expect((await sw({ from_product_id: "basic", to_product_id: "internal_bonus" }, u.creds)).json.code).toBe("PRODUCT_DOES_NOT_EXIST");
    expect(plainRefusal(await sw({ from_product_id: "basic", to_product_id: "credit_pack" }))).toEqual([400, expect.stringContaining("product line")]);
    expect(plainRefusal(await sw({ from_product_id: "basic", to_product_id: "pro", price_id: "weekly" }))).toEqual([400, expect.stringContaining("no such price")]);
    expect(plainRefusal(await sw({ from_product_id: "basic", to_product_id: "pro", quantity: 2 }))).toEqual([400, expect.stringContaining("not stackable")]);
    expect((await sw({ from_product_id: "basic", to_product_id: "pro", price_id: "yearly" })).json).toEqual({ success: true });
    expect(await held(u.customer)).toEqual(["prox1"]);
    expect(await credits(u.customer)).toBe(100);
  });
});

const otherUsersProducts = (suffix: string) => async (ctx: { t: TestApp; project: ProjectFixture }) => {
  const other = (await signUpUser(ctx.t, ctx.project.client)).userId;
  return {
    path: `/payments/products/user/${other}${suffix}`,
    creds: { ...ctx.project.client, accessToken: ctx.project.user.accessToken },
    body: suffix === "/switch" ? { from_product_id: "a", to_product_id: "b" } : undefined,
    code: "CUSTOMER_ACCESS_DENIED" as const,
    details: { customer_type: "user", customer_id: other },
  };
};

describeSecurity({
  operationId: "grantCustomerProduct",
  method: "POST",
  path: "/payments/products/custom/org-1",
  access: ["server", "admin"],
  body: { product_id: "pro" },
});
describeSecurity({
  operationId: "cancelCustomerProduct",
  method: "DELETE",
  path: "/payments/products/user/me/pro",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: otherUsersProducts("/pro"),
});
describeSecurity({
  operationId: "switchCustomerProduct",
  method: "POST",
  path: "/payments/products/user/me/switch",
  access: ["client", "server", "admin"],
  body: { from_product_id: "basic", to_product_id: "pro" },
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: otherUsersProducts("/switch"),
});
