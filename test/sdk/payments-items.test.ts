/**
 * Items and products through the published SDKs (2.8.108 and 2.8.102): the server app
 * grants a product and meters an item with `increaseQuantity` / `tryDecreaseQuantity`; the
 * signed-in user reads its item with `getItem` and its products with `listProducts`, and so
 * does a team and a custom customer on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, declareTestCatalog, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe.each(STACK_SDKS)("@stackframe/js $version items and products", ({ sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    project = await createProjectFixture(server);
    await declareTestCatalog(server, project);
  });

  it("meters a user's item: included by a granted product, increased, spent only while enough is left", async () => {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    await app.signUpWithCredential({ email: uniqueEmail("sdk-items"), password: "correct horse battery", noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });

    expect(await user.getItem("credits")).toMatchObject({ displayName: "Credits", quantity: 0, nonNegativeQuantity: 0 });
    await serverApp.grantProduct({ userId: user.id, productId: "basic" });
    const item = await serverApp.getItem({ userId: user.id, itemId: "credits" });
    expect(item.quantity).toBe(10);
    await item.increaseQuantity(5);
    expect(await item.tryDecreaseQuantity(12)).toBe(true);
    expect(await item.tryDecreaseQuantity(4)).toBe(false);
    expect((await serverApp.getItem({ userId: user.id, itemId: "credits" })).quantity).toBe(3);
    expect((await user.getItem("credits")).quantity).toBe(3);

    const products = await user.listProducts();
    expect(products.map((p) => [p.id, p.quantity, p.displayName, p.customerType, p.stackable, p.type])).toEqual([["basic", 1, "Basic", "user", false, "subscription"]]);
    expect(products[0]!.subscription).toMatchObject({ cancelAtPeriodEnd: false, isCancelable: true });
    expect(products[0]!.switchOptions?.map((o) => o.productId)).toEqual(["pro"]);
    expect(products.nextCursor).toBeNull();
  });

  it("meters a custom customer's item on the server and pages its products", async () => {
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    const customCustomerId = `org-${Date.now()}`;
    await serverApp.grantProduct({ customCustomerId, productId: "custom_quota" });
    await serverApp.grantProduct({
      customCustomerId,
      product: { display_name: "Extra", customer_type: "custom", server_only: true, stackable: false, prices: {}, included_items: { api_calls: { quantity: 1 } }},
    });
    const item = await serverApp.getItem({ customCustomerId, itemId: "api_calls" });
    expect(item.quantity).toBe(1001);
    expect(await item.tryDecreaseQuantity(1001)).toBe(true);
    expect(await item.tryDecreaseQuantity(1)).toBe(false);
    // The later grant comes first.
    const first = await serverApp.listProducts({ customCustomerId, limit: 1 });
    expect(first.map((p) => [p.id, p.displayName, p.isServerOnly])).toEqual([[null, "Extra", true]]);
    const second = await serverApp.listProducts({ customCustomerId, limit: 1, cursor: first.nextCursor! });
    expect(second.map((p) => p.id)).toEqual(["custom_quota"]);
  });
});
