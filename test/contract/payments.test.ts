import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { TEST_CATALOG, uniqueEmail } from "../harness";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("payments");

describe("payments: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("answers the reads of the SDK's account settings with a customer that has nothing yet", async () => {
    const user = await signUpThroughProxy(env.api, project.client, uniqueEmail("customer"));
    const creds = { ...project.client, accessToken: user.accessToken };
    // As the SDK asks: by the user's own id.
    const billing = await env.api.call("GET", `/payments/billing/user/${user.userId}`, { creds });
    expectValidThroughProxy(billing, 200);
    expect(billing.json).toEqual({ has_customer: false, default_payment_method: null });
    const products = await env.api.call("GET", `/payments/products/user/${user.userId}?limit=1`, { creds });
    expectValidThroughProxy(products, 200);
    expect(products.json).toEqual({ items: [], is_paginated: true, pagination: { next_cursor: null } });
    const invoices = await env.api.call("GET", `/payments/invoices/user/${user.userId}`, { creds });
    expectValidThroughProxy(invoices, 200);

    const other = await signUpThroughProxy(env.api, project.client, uniqueEmail("other-customer"));
    // Another user's billing: a bare 403 with a sentence, as Stack Auth answers it (no known-error header).
    const refused = await env.api.call("GET", `/payments/billing/user/${other.userId}`, { creds });
    expectValidThroughProxy(refused, 403);
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(refused.headers.get("x-stack-known-error")).toBeNull();
  });

  it("meters items and grants, lists, switches and cancels products in the documented shapes", async () => {
    const declared = await env.api.call("PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify(TEST_CATALOG) },
    });
    expectValidThroughProxy(declared, 200);
    const user = await signUpThroughProxy(env.api, project.client, uniqueEmail("metered"));
    const creds = { ...project.client, accessToken: user.accessToken };
    expectValidThroughProxy(await env.api.call("POST", `/payments/products/user/${user.userId}`, { creds: project.server, body: { product_id: "basic" } }), 200);
    const item = await env.api.call("GET", `/payments/items/user/${user.userId}/credits`, { creds });
    expectValidThroughProxy(item, 200);
    expect(item.json).toEqual({ id: "credits", display_name: "Credits", quantity: 10 });
    const spend = (delta: number) =>
      env.api.call("POST", `/payments/items/user/${user.userId}/credits/update-quantity?allow_negative=false`, { creds: project.server, body: { delta } });
    expectValidThroughProxy(await spend(-10), 200);
    expectKnownErrorThroughProxy(await spend(-1), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
    const listed = await env.api.call("GET", `/payments/products/user/${user.userId}`, { creds });
    expectValidThroughProxy(listed, 200);
    expect(listed.json.items.map((p: { id: string }) => p.id)).toEqual(["basic"]);
    // A subscription not paid through Stripe is switched by the server; a client may switch only what Stripe bills (a bare 400).
    const byClient = await env.api.call("POST", `/payments/products/user/${user.userId}/switch`, { creds, body: { from_product_id: "basic", to_product_id: "pro" } });
    expectValidThroughProxy(byClient, 400);
    expect(byClient.headers.get("x-stack-known-error")).toBeNull();
    expectValidThroughProxy(await env.api.call("POST", `/payments/products/user/${user.userId}/switch`, { creds: project.server, body: { from_product_id: "basic", to_product_id: "pro" } }), 200);
    expectKnownErrorThroughProxy(await env.api.call("POST", `/payments/products/user/${user.userId}`, { creds: project.server, body: { product_id: "pro" } }), 400, "PRODUCT_ALREADY_GRANTED");
    expectValidThroughProxy(await env.api.call("DELETE", `/payments/products/user/${user.userId}/pro`, { creds }), 200);
    expectKnownErrorThroughProxy(await env.api.call("GET", `/payments/items/user/${user.userId}/nothing`, { creds }), 404, "ITEM_NOT_FOUND");
  });

  it("refuses the SDK's analytics batches while the project has not installed the Analytics app", async () => {
    const body = {
      session_replay_segment_id: "3f2b6d1e-8c4a-4b7e-9a1d-2c5e7f9b0a13",
      batch_id: "7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      sent_at_ms: Date.now(),
      events: [{ event_type: "$page-view" as const, event_at_ms: Date.now(), data: { path: "/" } }],
    };
    expectKnownErrorThroughProxy(await env.api.call("POST", "/analytics/events/batch", { creds: project.client, body }), 400, "ANALYTICS_NOT_ENABLED");
  });
});
