import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const asUser = (accessToken: string) => ({ ...project.client, accessToken });
const EMPTY_PAGE = { items: [], is_paginated: true, pagination: { next_cursor: null } };
const NO_BILLING = { has_customer: false, default_payment_method: null };

/** A team the user created, so that it holds team_admin there (the starter permissions). */
async function teamOf(accessToken: string) {
  const me = await call(t, "GET", "/users/me", { creds: asUser(accessToken) });
  const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Billing team", creator_user_id: me.json.id } });
  return team.json.id as string;
}

/** A team the user only joined (team_member, not team_admin). */
async function joinedTeam(accessToken: string) {
  const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Joined team" } });
  const me = await call(t, "GET", "/users/me", { creds: asUser(accessToken) });
  await call(t, "POST", `/team-memberships/${team.json.id}/${me.json.id}`, { creds: project.server, body: {} });
  return team.json.id as string;
}

describe("a customer's billing, products and invoices before payments are set up", () => {
  it("answers the empty state the SDK's account pages render: no payment account, no products, no invoices", async () => {
    const user = await signUpUser(t, project.client);
    const teamId = await teamOf(user.accessToken);
    for (const customer of [`user/${user.userId}`, "user/me", `team/${teamId}`]) {
      const billing = await callUntyped(t, "GET", `/payments/billing/${customer}`, { creds: asUser(user.accessToken) });
      expect(billing.status, billing.text).toBe(200);
      expect(billing.json).toEqual(NO_BILLING);
      const products = await callUntyped(t, "GET", `/payments/products/${customer}?limit=1`, { creds: asUser(user.accessToken) });
      expect(products.json).toEqual(EMPTY_PAGE);
      const invoices = await callUntyped(t, "GET", `/payments/invoices/${customer}?limit=100`, { creds: asUser(user.accessToken) });
      expect(invoices.json).toEqual(EMPTY_PAGE);
      // A cursor this list did not give out is a bare 400, as in Stack Auth.
      const badCursor = await callUntyped(t, "GET", `/payments/invoices/${customer}?cursor=abc&limit=100`, { creds: asUser(user.accessToken) });
      expect(plainRefusal(badCursor)).toEqual([400, expect.stringContaining("cursor")]);
    }
  });

  it("lets a client act only for itself and the teams it administers (as Stack Auth)", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signUpUser(t, project.client);
    const othersTeam = await teamOf(other.accessToken);
    const joined = await joinedTeam(user.accessToken);
    const cases: Array<[string, number, string]> = [
      [`/payments/billing/user/${other.userId}`, 403, "CUSTOMER_ACCESS_DENIED"],
      ["/payments/billing/user/00000000-0000-4000-8000-000000000000", 403, "CUSTOMER_ACCESS_DENIED"],
      ["/payments/products/custom/org_42", 403, "CUSTOMER_ACCESS_DENIED"],
      [`/payments/products/team/${othersTeam}`, 404, "TEAM_MEMBERSHIP_NOT_FOUND"],
      [`/payments/invoices/team/${othersTeam}`, 404, "TEAM_MEMBERSHIP_NOT_FOUND"],
      [`/payments/billing/team/${joined}`, 401, "TEAM_PERMISSION_REQUIRED"],
      [`/payments/products/team/${joined}`, 401, "TEAM_PERMISSION_REQUIRED"],
    ];
    for (const [path, status, code] of cases) {
      const refused = await callUntyped(t, "GET", path, { creds: asUser(user.accessToken) });
      // Another user or a custom customer is a bare 403 with a sentence, as Stack Auth answers it.
      if (code === "CUSTOMER_ACCESS_DENIED") expect(plainRefusal(refused), path).toEqual([403, expect.any(String)]);
      else expect([refused.status, refused.json.code], path).toEqual([status, code]);
    }
    const denied = await callUntyped(t, "GET", `/payments/products/team/${joined}`, { creds: asUser(user.accessToken) });
    expect(denied.json.details).toEqual({ team_id: joined, user_id: user.userId, permission_id: "team_admin" });
  });

  it("lets the server read any user, team or custom customer of the project, and nothing of another project", async () => {
    const user = await signUpUser(t, project.client);
    const teamId = await teamOf(user.accessToken);
    expect((await callUntyped(t, "GET", `/payments/billing/user/${user.userId}`, { creds: project.server })).json).toEqual(NO_BILLING);
    expect((await callUntyped(t, "GET", `/payments/billing/team/${teamId}`, { creds: project.server })).json).toEqual(NO_BILLING);
    expect((await callUntyped(t, "GET", "/payments/products/custom/org_42", { creds: project.server })).json).toEqual(EMPTY_PAGE);
    const elsewhere = await createProjectFixture(t);
    const foreign = await callUntyped(t, "GET", `/payments/billing/user/${user.userId}`, { creds: elsewhere.server });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("USER_NOT_FOUND");
    expect((await callUntyped(t, "GET", `/payments/products/team/${teamId}`, { creds: elsewhere.server })).json.code).toBe("TEAM_NOT_FOUND");
    expect((await callUntyped(t, "GET", "/payments/billing/user/me", { creds: project.server })).json.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  it("keeps custom customers to the server, and refuses customer types and page sizes it does not know", async () => {
    const user = await signUpUser(t, project.client);
    const custom = await callUntyped(t, "GET", "/payments/products/custom/org_42", { creds: asUser(user.accessToken) });
    expect(plainRefusal(custom)).toEqual([403, expect.stringContaining("server access")]);
    expect((await callUntyped(t, "GET", "/payments/billing/custom/org_42", { creds: project.server })).json.code).toBe("SCHEMA_ERROR");
    expect((await callUntyped(t, "GET", `/payments/billing/company/${user.userId}`, { creds: project.server })).json.code).toBe("SCHEMA_ERROR");
    for (const limit of ["0", "101", "ten"]) {
      expect((await callUntyped(t, "GET", `/payments/products/user/me?limit=${limit}`, { creds: asUser(user.accessToken) })).json.code).toBe("SCHEMA_ERROR");
    }
  });
});

const foreignUser = async (ctx: { t: TestApp; project: ProjectFixture }) => {
  const other = (await signUpUser(ctx.t, ctx.project.client)).userId;
  return {
    path: `/payments/billing/user/${other}`,
    creds: { ...ctx.project.client, accessToken: ctx.project.user.accessToken },
    code: "CUSTOMER_ACCESS_DENIED" as const,
    details: { customer_type: "user", customer_id: other },
  };
};

describeSecurity({
  operationId: "getCustomerBilling",
  method: "GET",
  path: "/payments/billing/user/me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: foreignUser,
});
describeSecurity({
  operationId: "listCustomerProducts",
  method: "GET",
  path: "/payments/products/user/me?limit=1",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => {
    const attempt = await foreignUser(ctx);
    return { ...attempt, path: attempt.path.replace("/billing/", "/products/") };
  },
});
describeSecurity({
  operationId: "listCustomerInvoices",
  method: "GET",
  path: "/payments/invoices/user/me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => {
    const attempt = await foreignUser(ctx);
    return { ...attempt, path: attempt.path.replace("/billing/", "/invoices/") };
  },
});
