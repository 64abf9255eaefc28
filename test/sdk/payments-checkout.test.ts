/**
 * Checkout links through the published SDKs (2.8.108 and 2.8.102): `createCheckoutUrl` on a
 * signed-in user, on a team, and on the server with an inline product; the link's code then
 * buys in test mode through the public purchase routes the hosted checkout page calls, and
 * the SDK lists the product as held.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, PURCHASE_CATALOG, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

/** Buys what a checkout link offers at `priceId`, as the hosted checkout page does in test mode. */
async function buy(url: string, priceId: string) {
  expect(url.startsWith(`${server.url}/purchase/`)).toBe(true);
  const fullCode = decodeURIComponent(new URL(url).pathname.split("/").pop()!);
  const offer = await post("/payments/purchases/validate-code", { full_code: fullCode, include_page_details: true });
  expect(offer.status).toBe(200);
  // A test-mode offer is bought at once, as the checkout page does (a live one goes through Stripe).
  expect(offer.json.test_mode).toBe(true);
  const bought = await post("/payments/purchases/complete-test-purchase", { full_code: fullCode, price_id: priceId });
  expect(bought.json).toEqual({ success: true });
  return offer.json;
}

describe.each(STACK_SDKS)("@stackframe/js $version createCheckoutUrl", ({ sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    project = await createProjectFixture(server);
    const res = await fetch(`${server.url}/api/v1/internal/config/override/environment`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-stack-project-id": project.projectId, "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": project.keys.adminKey },
      body: JSON.stringify({ config_override_string: JSON.stringify(PURCHASE_CATALOG) }),
    });
    expect(res.status).toBe(200);
  });

  it("gives a signed-in user a link to buy a catalog product for itself, and lists the product once bought", async () => {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    await app.signUpWithCredential({ email: uniqueEmail("sdk-checkout"), password: "correct horse battery", noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });

    const url = await user.createCheckoutUrl({ productId: "pro", returnUrl: "https://app.example.com/done" });
    expect(new URL(url).searchParams.get("return_url")).toBe("https://app.example.com/done");
    const offer = await buy(url, "monthly");
    expect(offer).toMatchObject({ product_id: "pro", customer_id: user.id, test_mode: true });
    expect((await user.listProducts()).map((p) => [p.id, p.quantity])).toEqual([["pro", 1]]);

    await expect(user.createCheckoutUrl({ productId: "pro" })).rejects.toMatchObject({ errorCode: "PRODUCT_ALREADY_GRANTED" });
    await expect(user.createCheckoutUrl({ productId: "internal" })).rejects.toMatchObject({ errorCode: "PRODUCT_DOES_NOT_EXIST" });
  });

  it("gives a team member a link for the team, and the server a link for an inline product", async () => {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    await app.signUpWithCredential({ email: uniqueEmail("sdk-checkout-team"), password: "correct horse battery", noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    const team = await serverApp.createTeam({ displayName: "Checkout team", creatorUserId: user.id });

    const clientTeam = await user.getTeam(team.id);
    await buy(await clientTeam!.createCheckoutUrl({ productId: "team-plan" }), "yearly");
    expect((await team.listProducts()).map((p) => p.id)).toEqual(["team-plan"]);

    const serverUser = await serverApp.getUser(user.id);
    const inlineUrl = await serverUser!.createCheckoutUrl({
      product: { display_name: "One-off", customer_type: "user", server_only: true, stackable: false, prices: { once: { USD: "3" } }, included_items: {} },
    });
    const offer = await buy(inlineUrl, "once");
    expect(offer).toMatchObject({ product_id: null, product: { display_name: "One-off", prices: { once: { USD: "3" } } } });
    expect((await serverUser!.listProducts()).map((p) => p.displayName)).toEqual(["One-off"]);
  });
});
