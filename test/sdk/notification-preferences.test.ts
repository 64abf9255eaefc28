/**
 * Notification categories through the published SDKs (2.8.108 and 2.8.102): a user lists
 * them with `listNotificationCategories()` and turns one off with `setEnabled(false)`, and
 * the server app sees the same choice for that user. Transactional mail cannot be turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe.each(STACK_SDKS)("@stackframe/js $version notification preferences", ({ sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    project = await createProjectFixture(server);
  });

  it("lists the categories, turns marketing off, and the server sees the choice", async () => {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    await app.signUpWithCredential({ email: uniqueEmail("sdk-notify"), password: "correct horse battery", noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });
    const categories = await user.listNotificationCategories();
    expect(categories.map((c) => [c.name, c.enabled, c.canDisable])).toEqual([
      ["Transactional", true, false],
      ["Marketing", true, true],
    ]);
    await categories.find((c) => c.name === "Marketing")!.setEnabled(false);
    // Our own code (NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED), which these SDKs report as an unknown error.
    await expect(categories.find((c) => c.name === "Transactional")!.setEnabled(false)).rejects.toThrow();

    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    const seen = await (await serverApp.getUser(user.id))!.listNotificationCategories();
    expect(seen.map((c) => [c.name, c.enabled])).toEqual([
      ["Transactional", true],
      ["Marketing", false],
    ]);
  });
});
