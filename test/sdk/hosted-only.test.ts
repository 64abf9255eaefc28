/**
 * The routes of Stack's hosted-platform partner integrations (Neon, custom partners) as the
 * published SDK meets them: Stack's dashboard confirms a project transfer through its app's
 * request sender. Gatehouse does not offer them and answers UNSUPPORTED_ERROR, which the SDK
 * rebuilds as its own known error naming the original code; a code it does not know (as
 * ROUTE_NOT_FOUND) makes it throw a bare "update your SDK" error instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, startServer, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS, type StackSdk } from "../support/stack-sdks";

let server: TestServer;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startServer();
  project = await createProjectFixture(server);
});

afterAll(async () => {
  await server?.close();
});

/** A request through the app's request sender, as Stack's dashboard sends it; the error it throws. */
async function thrownBy(sdk: StackSdk, path: string): Promise<unknown> {
  const app = new sdk.StackClientApp(sdkAppOptions(server, project));
  const internals = (app as unknown as Record<symbol, { sendRequest: (path: string, init: RequestInit) => Promise<Response> }>)[sdk.stackAppInternalsSymbol]!;
  try {
    await internals.sendRequest(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: "x" }) });
  } catch (error) {
    return error;
  }
  throw new Error(`${path} answered without an error`);
}

describe.each(STACK_SDKS)("@stackframe/js $version: partner integrations (not offered)", ({ sdk }) => {
  it("rebuilds the answer of a Neon or custom-integration route as its UNSUPPORTED_ERROR, naming why", async () => {
    for (const path of ["/integrations/neon/projects/transfer/confirm/check", "/integrations/custom/projects/transfer/confirm"]) {
      const error = (await thrownBy(sdk, path)) as { name: string; errorCode: string; constructorArgs: unknown[]; message: string };
      expect(error.name).toBe("KnownError<UNSUPPORTED_ERROR>");
      expect(error.errorCode).toBe("UNSUPPORTED_ERROR");
      expect(error.constructorArgs).toEqual(["HOSTED_PLATFORM_FEATURE_NOT_OFFERED"]);
      expect(error.message).toContain("HOSTED_PLATFORM_FEATURE_NOT_OFFERED");
    }
    // What it made of the 404 these routes answered before.
    const unknownRoute = (await thrownBy(sdk, "/no-such-route")) as Error;
    expect(unknownRoute.message).toMatch(/update your version of the Stack Auth SDK\. ROUTE_NOT_FOUND/);
  });
});
