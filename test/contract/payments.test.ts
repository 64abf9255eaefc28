import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { uniqueEmail } from "@gatehouse/server/testing";
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
    const refused = await env.api.call("GET", `/payments/billing/user/${other.userId}`, { creds });
    expectKnownErrorThroughProxy(refused, 400, "CUSTOMER_DOES_NOT_EXIST");
  });

  it("accepts the SDK's analytics batches and keeps nothing", async () => {
    const res = await env.api.call("POST", "/analytics/events/batch", { creds: project.client, body: { batch_id: "b", sent_at_ms: Date.now(), events: [{ event_type: "$page-view" }] } });
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ success: true });
  });
});
