/**
 * User and team API keys through the published SDKs (2.8.108 and 2.8.102): a user creates,
 * lists and revokes their own keys; a team member with `$manage_api_keys` does the same for
 * the team; the server resolves a presented key to its user or team with
 * `getUser({ apiKey })` / `getTeam({ apiKey })`, and gets null once the key is revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

const PASSWORD = "correct horse battery";
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe.each(STACK_SDKS)("@stackframe/js $version API keys", ({ sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    project = await createProjectFixture(server, { config: { allow_user_api_keys: true, allow_team_api_keys: true } });
  });

  /** A fresh server app each time, so the SDK's check cache never answers for the server. */
  const serverApp = () => new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });

  async function signedIn() {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    await app.signUpWithCredential({ email: uniqueEmail("sdk-keys"), password: PASSWORD, noVerificationCallback: true });
    return app.getUser({ or: "throw" });
  }

  it("a user creates, lists and revokes their keys; the server finds the user by key until it is revoked", async () => {
    const user = await signedIn();
    const expiresAt = new Date(Date.now() + 3_600_000);
    const first = await user.createApiKey({ description: "laptop", expiresAt });
    expect(first.value).toMatch(/^sk_[0-9a-z]{45}[0-9a-f]{32}user1574ck4u7h[0-9a-f]{8}$/);
    expect(first.expiresAt?.getTime()).toBe(expiresAt.getTime());
    const second = await user.createApiKey({ description: "ci", expiresAt: null, isPublic: true });
    expect(second.value.startsWith("pk_")).toBe(true);

    const listed = await user.listApiKeys();
    expect(listed.map((k) => [k.id, k.description, k.value.lastFour, k.isValid()])).toEqual([
      [second.id, "ci", second.value.slice(-4), true],
      [first.id, "laptop", first.value.slice(-4), true],
    ]);

    expect((await serverApp().getUser({ apiKey: first.value }))?.id).toBe(user.id);
    await listed.find((k) => k.id === first.id)!.revoke();
    expect(await serverApp().getUser({ apiKey: first.value })).toBeNull();
    const after = await user.listApiKeys();
    expect(after.find((k) => k.id === first.id)?.whyInvalid()).toBe("manually-revoked");
    expect(await serverApp().getUser({ apiKey: "sk_not_a_key" })).toBeNull();
  });

  it("a team member with $manage_api_keys manages the team's keys; the server finds the team by key", async () => {
    const user = await signedIn();
    const admin = serverApp();
    const serverTeam = await admin.createTeam({ displayName: "Key team", creatorUserId: user.id });
    await (await admin.getUser(user.id))!.grantPermission(serverTeam, "$manage_api_keys");

    const team = (await user.listTeams()).find((t) => t.id === serverTeam.id)!;
    const key = await team.createApiKey({ description: "deploy bot", expiresAt: null });
    expect(key.value).toMatch(/team1574ck4u7h[0-9a-f]{8}$/);
    expect((await team.listApiKeys()).map((k) => k.id)).toEqual([key.id]);

    expect((await serverApp().getTeam({ apiKey: key.value }))?.id).toBe(serverTeam.id);
    expect(await serverApp().getUser({ apiKey: key.value })).toBeNull();
    await key.revoke();
    expect(await serverApp().getTeam({ apiKey: key.value })).toBeNull();
  });

  it("the server creates and lists keys for any user and team", async () => {
    const user = await signedIn();
    const admin = serverApp();
    const serverUser = (await admin.getUser(user.id))!;
    const userKey = await serverUser.createApiKey({ description: "server-made", expiresAt: null });
    expect((await serverUser.listApiKeys()).map((k) => k.id)).toEqual([userKey.id]);
    await userKey.update({ description: "expired", expiresAt: new Date(Date.now() - 1000) });
    expect(await admin.getUser({ apiKey: userKey.value })).toBeNull();
    await userKey.update({ expiresAt: null });
    expect((await admin.getUser({ apiKey: userKey.value }))?.id).toBe(user.id);

    const serverTeam = await admin.createTeam({ displayName: "Server keys" });
    const teamKey = await serverTeam.createApiKey({ description: "server-made", expiresAt: null });
    expect((await serverTeam.listApiKeys()).map((k) => k.id)).toEqual([teamKey.id]);
    await teamKey.revoke();
    expect((await serverApp().getTeam(serverTeam.id))!.id).toBe(serverTeam.id);
    expect(await serverApp().getTeam({ apiKey: teamKey.value })).toBeNull();
  });
});
