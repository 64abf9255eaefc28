/**
 * The three metadata tiers through the published SDKs: the user writes client metadata,
 * the server writes client-read-only and server metadata; the client sees the first two
 * and never the third.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";
import { call, createProjectFixture, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";


let server: TestServer;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startServer();
  project = await createProjectFixture(server);
});
afterAll(() => server?.close());

describe.each(STACK_SDKS)("@stackframe/js $version metadata tiers", ({ sdk }) => {
  const options = () => sdkAppOptions(server, project);

  it("keeps each tier with its writer and its readers", async () => {
    const client = new sdk.StackClientApp(options());
    await client.signUpWithCredential({ email: uniqueEmail("tiers"), password: "correct horse battery", noVerificationCallback: true });
    const user = await client.getUser({ or: "throw" });
    await user.update({ clientMetadata: { theme: "dark" } });

    const serverApp = new sdk.StackServerApp({ ...options(), secretServerKey: project.keys.secretKey });
    const asServer = await serverApp.getUser(user.id);
    expect(asServer?.clientMetadata).toEqual({ theme: "dark" });
    await asServer!.update({ clientReadOnlyMetadata: { plan: "pro" }, serverMetadata: { stripeCustomer: "cus_123" } });

    const session = await client.getUser({ or: "throw" });
    const tokens = await session.getAuthJson();
    const seen = await call(
      { request: (path, init) => fetch(`${server.url}${path}`, init) },
      "GET",
      "/users/me",
      { creds: { ...project.client, accessToken: tokens.accessToken! } },
    );
    expect(seen.json).toMatchObject({ client_metadata: { theme: "dark" }, client_read_only_metadata: { plan: "pro" } });
    expect(seen.json).not.toHaveProperty("server_metadata");

    const reread = await client.getUser({ or: "throw" });
    expect(reread.clientReadOnlyMetadata).toEqual({ plan: "pro" });
    expect((reread as unknown as Record<string, unknown>).serverMetadata).toBeUndefined();
    expect((await serverApp.getUser(user.id))?.serverMetadata).toEqual({ stripeCustomer: "cus_123" });

    // A client cannot write the read-only tier, even by calling the API directly.
    const refused = await call(
      { request: (path, init) => fetch(`${server.url}${path}`, init) },
      "PATCH",
      "/users/me",
      { creds: { ...project.client, accessToken: tokens.accessToken! }, body: { client_read_only_metadata: { plan: "free" } } },
    );
    expect(refused.json.code).toBe("SCHEMA_ERROR");
  });
});
