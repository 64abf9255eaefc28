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
const item = (customer: string, itemId: string, creds = project.server) => callUntyped(t, "GET", `/payments/items/${customer}/${itemId}`, { creds });
const change = (customer: string, itemId: string, body: Record<string, unknown>, allowNegative = false, creds = project.server) =>
  callUntyped(t, "POST", `/payments/items/${customer}/${itemId}/update-quantity?allow_negative=${allowNegative}`, { creds, body });
const quantity = async (customer: string, itemId = "credits") => {
  const res = await item(customer, itemId);
  expect(res.status, res.text).toBe(200);
  return res.json.quantity as number;
};

describe("items ledger", () => {
  it("reads an item of the catalog at 0, then the sum of the changes, refusing to go below zero unless allowed", async () => {
    const user = await signUpUser(t, project.client);
    const customer = `user/${user.userId}`;
    expect((await item(customer, "credits")).json).toEqual({ id: "credits", display_name: "Credits", quantity: 0 });
    const added = await change(customer, "credits", { delta: 10, description: "welcome" });
    expect(added.json, added.text).toEqual({});
    expect((await change(customer, "credits", { delta: -3 })).status).toBe(200);
    expect(await quantity(customer)).toBe(7);

    const refused = await change(customer, "credits", { delta: -8 });
    expect(refused.status).toBe(400);
    // The detail is the change refused, as Stack Auth sends it.
    expect(refused.json).toMatchObject({ code: "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", details: { item_id: "credits", customer_id: user.userId, quantity: -8 } });
    expect(await quantity(customer)).toBe(7);

    expect((await change(customer, "credits", { delta: -8 }, true)).status).toBe(200);
    expect(await quantity(customer)).toBe(-1);
    // Below zero, adding is always allowed and spending is refused.
    expect((await change(customer, "credits", { delta: -1 })).json.code).toBe("ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
    expect((await change(customer, "credits", { delta: 2 })).status).toBe(200);
    expect(await quantity(customer)).toBe(1);
    // The client reads itself, by id and as `me`.
    expect((await item("user/me", "credits", asUser(user.accessToken))).json.quantity).toBe(1);
  });

  it("stops counting a change once it expires", async () => {
    const user = await signUpUser(t, project.client);
    const customer = `user/${user.userId}`;
    await change(customer, "credits", { delta: 5, expires_at: new Date(Date.now() - 1000).toISOString() });
    await change(customer, "credits", { delta: 4, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await change(customer, "credits", { delta: 1 });
    expect(await quantity(customer)).toBe(5);
  });

  it("keeps items to their customer type, the catalog and the project", async () => {
    const user = await signUpUser(t, project.client);
    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Seat team" } });
    expect((await item(`user/${user.userId}`, "nothing")).json).toMatchObject({ code: "ITEM_NOT_FOUND", details: { item_id: "nothing" } });
    expect((await item(`user/${user.userId}`, "seats")).json).toMatchObject({
      code: "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH",
      details: { item_id: "seats", customer_id: user.userId, item_customer_type: "team", actual_customer_type: "user" },
    });
    expect((await change(`team/${team.json.id}`, "seats", { delta: 3 })).status).toBe(200);
    // 3, and the seat of the include-by-default team_free.
    expect(await quantity(`team/${team.json.id}`, "seats")).toBe(4);
    expect((await change("custom/org-42", "api_calls", { delta: 9 })).status).toBe(200);
    expect(await quantity("custom/org-42", "api_calls")).toBe(9);
    // Another project with the same catalog sees nothing of this one's ledger.
    const other = await createProjectFixture(t);
    await declareTestCatalog(t, other);
    expect((await item("custom/org-42", "api_calls", other.server)).json.quantity).toBe(0);
    expect((await item(`user/${user.userId}`, "credits", other.server)).json.code).toBe("USER_NOT_FOUND");
    // The item is checked before the customer's existence, as Stack Auth does.
    expect((await item("user/00000000-0000-4000-8000-000000000000", "nothing")).json.code).toBe("ITEM_NOT_FOUND");
  });

  it("lets a client read only itself and the teams it administers, never change a quantity, and refuses bad changes", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signUpUser(t, project.client);
    const creds = asUser(user.accessToken);
    expect(plainRefusal(await item(`user/${other.userId}`, "credits", creds))).toEqual([403, expect.stringContaining(other.userId)]);
    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Own team" } });
    expect((await item(`team/${team.json.id}`, "seats", creds)).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    await call(t, "POST", `/team-memberships/${team.json.id}/${user.userId}`, { creds: project.server, body: {} });
    expect((await item(`team/${team.json.id}`, "seats", creds)).json.code).toBe("TEAM_PERMISSION_REQUIRED");
    await call(t, "POST", `/team-permissions/${team.json.id}/${user.userId}/team_admin`, { creds: project.server, body: {} });
    expect((await item(`team/${team.json.id}`, "seats", creds)).json).toEqual({ id: "seats", display_name: "Seats", quantity: 1 });
    // Custom customers are the app's own ids: a client reads none of them (Stack Auth answers 403 too; the
    // issue's report of Stack answering the quantity predates its commit 4e45aed5).
    expect(plainRefusal(await item("custom/org-1", "api_calls", creds))).toEqual([403, expect.stringContaining("server access")]);
    const signedOut = await item("custom/org-1", "api_calls", project.client);
    expect(signedOut.json.code).toBe("USER_AUTHENTICATION_REQUIRED");
    expect((await change("user/me", "credits", { delta: 1 }, false, creds)).json.code).toBe("INSUFFICIENT_ACCESS_TYPE");
    for (const body of [{ delta: 1.5 }, { delta: "1" }, {}, { delta: 1, expires_at: "tomorrow" }]) {
      expect((await change(`user/${user.userId}`, "credits", body)).json.code, JSON.stringify(body)).toBe("SCHEMA_ERROR");
    }
    const noFlag = await callUntyped(t, "POST", `/payments/items/user/${user.userId}/credits/update-quantity`, { creds: project.server, body: { delta: 1 } });
    expect(noFlag.json.code).toBe("SCHEMA_ERROR");
  });

  it("applies 100 parallel decrements of a quantity of 50 one at a time: 50 succeed, 50 are refused, 0 is left", async () => {
    const customer = `custom/parallel-${Date.now()}`;
    expect((await change(customer, "api_calls", { delta: 50 })).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 100 }, () => change(customer, "api_calls", { delta: -1 })));
    const statuses = results.map((r) => (r.status === 200 ? "ok" : r.json.code));
    expect(statuses.filter((s) => s === "ok")).toHaveLength(50);
    expect(statuses.filter((s) => s === "ITEM_QUANTITY_INSUFFICIENT_AMOUNT")).toHaveLength(50);
    expect(await quantity(customer, "api_calls")).toBe(0);
  });
});

describeSecurity({
  operationId: "getCustomerItem",
  method: "GET",
  path: "/payments/items/user/me/credits",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => {
    const other = (await signUpUser(ctx.t, ctx.project.client)).userId;
    return {
      path: `/payments/items/user/${other}/credits`,
      creds: { ...ctx.project.client, accessToken: ctx.project.user.accessToken },
      code: "CUSTOMER_ACCESS_DENIED",
      details: { customer_type: "user", customer_id: other },
    };
  },
});
describeSecurity({
  operationId: "updateCustomerItemQuantity",
  method: "POST",
  path: "/payments/items/custom/org-1/credits/update-quantity?allow_negative=false",
  access: ["server", "admin"],
  body: { delta: 1 },
});
