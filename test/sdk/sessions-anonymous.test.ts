/**
 * The published SDK (2.8.108 and 2.8.102) against this server for anonymous users, sessions
 * and server-side user management: anonymous sign-up through `getUser({ or: "anonymous" })`
 * and its in-place upgrade by a password sign-up; listing and revoking sessions; and
 * StackServerApp creating, paging through (`listUsers({ limit, cursor })`) and deleting users.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";
import { call, createProjectFixture, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";


const PASSWORD = "correct horse battery";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

describe.each(STACK_SDKS)("@stackframe/js $version", ({ version, sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    project = await createProjectFixture(server);
  });

  const clientApp = () =>
    new sdk.StackClientApp(sdkAppOptions(server, project));

  const serverApp = (fixture = project) =>
    new sdk.StackServerApp({ ...sdkAppOptions(server, fixture), secretServerKey: fixture.keys.secretKey });

  it("signs up anonymously with getUser({ or: 'anonymous' }) and upgrades the same user with a password sign-up", async () => {
    const app = clientApp();
    expect(await app.getUser()).toBeNull();
    const anon = await app.getUser({ or: "anonymous" });
    expect(anon.isAnonymous).toBe(true);
    expect(anon.primaryEmail).toBeNull();
    // Asking again reuses the anonymous session instead of making another user.
    expect((await app.getUser({ or: "anonymous" })).id).toBe(anon.id);
    // Anonymous users count as signed out unless asked for.
    expect(await app.getUser()).toBeNull();
    await anon.update({ clientMetadata: { cart: version } });

    const email = uniqueEmail(`anon-${version}`);
    const signUp = await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(signUp).toEqual({ status: "ok", data: undefined });
    const upgraded = await app.getUser({ or: "throw" });
    expect(upgraded.id).toBe(anon.id);
    expect(upgraded.isAnonymous).toBe(false);
    expect(upgraded.primaryEmail).toBe(email);
    expect(upgraded.hasPassword).toBe(true);
    expect(upgraded.clientMetadata).toEqual({ cart: version });

    const other = clientApp();
    expect(await other.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).toEqual({ status: "ok", data: undefined });
    expect((await other.getUser({ or: "throw" })).id).toBe(anon.id);
  });

  it("lists the user's active sessions and revokes another one; its refresh token stops working", async () => {
    const email = uniqueEmail(`sessions-${version}`);
    const first = clientApp();
    expect((await first.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const second = clientApp();
    expect((await second.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("ok");
    const secondUser = await second.getUser({ or: "throw" });
    const { refreshToken: secondRefresh } = await secondUser.currentSession.getTokens();

    const user = await first.getUser({ or: "throw" });
    const sessions = await user.getActiveSessions();
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.isCurrentSession)!;
    const otherSession = sessions.find((s) => !s.isCurrentSession)!;
    expect(current.userId).toBe(user.id);
    expect(current.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(current.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(current.isImpersonation).toBe(false);

    await user.revokeSession(otherSession.id);
    const after = await user.getActiveSessions();
    expect(after.map((s) => s.id)).toEqual([current.id]);
    const refresh = await call(server, "POST", "/auth/oauth/token", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: secondRefresh!, client_id: project.projectId, client_secret: project.keys.publishableKey }).toString(),
    });
    expect(refresh.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    // The current session itself cannot be revoked this way.
    await expect(user.revokeSession(current.id)).rejects.toThrow();
    expect((await first.getUser({ or: "throw" })).id).toBe(user.id);
  });

  it("creates users, pages through them with listUsers({ limit, cursor }) and deletes one with StackServerApp", async () => {
    const fresh = await createProjectFixture(server);
    const app = serverApp(fresh);
    const created = [];
    for (let i = 0; i < 4; i++) {
      created.push(await app.createUser({ primaryEmail: uniqueEmail(`paged-${version}`), password: PASSWORD, primaryEmailAuthEnabled: true, displayName: `User ${i}` }));
    }
    expect(created[0]!.displayName).toBe("User 0");
    const expected = new Set([fresh.user.userId, ...created.map((u) => u.id)]);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const users = await app.listUsers({ limit: 2, cursor });
      expect(users.length).toBeLessThanOrEqual(2);
      seen.push(...users.map((u) => u.id));
      if (!users.nextCursor) break;
      cursor = users.nextCursor;
    }
    expect(new Set(seen)).toEqual(expected);
    expect(seen).toHaveLength(expected.size);

    await created[1]!.delete();
    const remaining = await app.listUsers({ limit: 100 });
    expect(remaining.map((u) => u.id)).not.toContain(created[1]!.id);
    expect(remaining).toHaveLength(expected.size - 1);
  });

  it("leaves anonymous users out of listUsers unless includeAnonymous", async () => {
    const fresh = await createProjectFixture(server);
    const anonApp = new sdk.StackClientApp(sdkAppOptions(server, fresh));
    const anon = await anonApp.getUser({ or: "anonymous" });
    const app = serverApp(fresh);
    expect((await app.listUsers()).map((u) => u.id)).not.toContain(anon.id);
    expect((await app.listUsers({ includeAnonymous: true })).map((u) => u.id)).toContain(anon.id);
  });
});
