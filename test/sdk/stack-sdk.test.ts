/**
 * The published Stack Auth SDK, unchanged, against this server on a non-default base URL:
 * 2.8.108 (x-hexclave- headers) and 2.8.102 (x-stack- headers). Node has no window, so the
 * apps run with an in-memory token store, `redirectMethod: "none"`, `noRedirect` on sign-in
 * and `noVerificationCallback` on sign-up (no verification link without a page to land on).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";
import {
  call,
  createProjectFixture,
  startServer,
  uniqueEmail,
  type ProjectFixture,
  type TestServer,
} from "../harness";


const PASSWORD = "correct horse battery";

interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
}

let server: TestServer;
let project: ProjectFixture;
let recorded: RecordedRequest[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startServer();
  project = await createProjectFixture(server);
  // Record what the SDKs send (they call the global fetch at request time).
  globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    recorded.push({ method: request.method, url: request.url, headers: request.headers });
    return realFetch(input, init);
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});


describe.each(STACK_SDKS)("@stackframe/js $version", ({ version, sdk, prefix }) => {
  const clientApp = () =>
    new sdk.StackClientApp(sdkAppOptions(server, project));

  const serverApp = () =>
    new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });

  it("signs up, reads and renames the user, signs out, signs in again and sees the new name", async () => {
    const app = clientApp();
    const email = uniqueEmail(`sdk-${version}`);

    const signUp = await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(signUp).toEqual({ status: "ok", data: undefined });

    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.displayName).toBeNull();
    expect(user.hasPassword).toBe(true);
    const userId = user.id;

    await user.update({ displayName: `Grace ${version}` });
    expect((await app.getUser({ or: "throw" })).displayName).toBe(`Grace ${version}`);

    const { refreshToken } = await user.currentSession.getTokens();
    expect(refreshToken).toEqual(expect.any(String));
    await user.signOut();
    expect(await app.getUser()).toBeNull();
    // The session is gone on the server, not just forgotten by the SDK.
    const refresh = await call(server, "POST", "/auth/oauth/token", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken!,
        client_id: project.projectId,
        client_secret: project.keys.publishableKey,
      }).toString(),
    });
    expect(refresh.status).toBe(401);
    expect(refresh.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");

    const signIn = await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
    expect(signIn).toEqual({ status: "ok", data: undefined });
    const again = await app.getUser({ or: "throw" });
    expect(again.id).toBe(userId);
    expect(again.displayName).toBe(`Grace ${version}`);
    expect(again.primaryEmail).toBe(email);
  });

  it(`talks to the configured base URL with ${prefix} headers`, async () => {
    recorded = [];
    const app = clientApp();
    const result = await app.signUpWithCredential({ email: uniqueEmail(`sdk-${version}`), password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(result.status).toBe("ok");
    await app.getUser({ or: "throw" });

    const apiCalls = recorded.filter((r) => r.url.startsWith(`${server.url}/api/v1/`));
    expect(apiCalls.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(
      expect.arrayContaining(["POST /api/v1/auth/password/sign-up", "GET /api/v1/users/me"]),
    );
    expect(recorded.filter((r) => !r.url.startsWith(server.url))).toEqual([]);
    const signUpCall = apiCalls.find((r) => r.url.endsWith("/auth/password/sign-up"))!;
    expect(signUpCall.headers.get(`${prefix}project-id`)).toBe(project.projectId);
    expect(signUpCall.headers.get(`${prefix}access-type`)).toBe("client");
    expect(signUpCall.headers.get(`${prefix}publishable-client-key`)).toBe(project.keys.publishableKey);
  });

  it("reports a wrong password as the typed EMAIL_PASSWORD_MISMATCH error", async () => {
    const app = clientApp();
    const result = await app.signInWithCredential({ email: project.user.email, password: "not the password", noRedirect: true });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH");
    expect(await app.getUser()).toBeNull();
  });

  it("reports a taken address as the typed USER_EMAIL_ALREADY_EXISTS error", async () => {
    const app = clientApp();
    const result = await app.signUpWithCredential({ email: project.user.email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error.errorCode).toBe("USER_EMAIL_ALREADY_EXISTS");
  });

  it("reads the project's public settings", async () => {
    const projectView = await clientApp().getProject();
    expect(projectView.id).toBe(project.projectId);
    expect(projectView.displayName).toBe("Fixture project");
    expect(projectView.config).toMatchObject({ signUpEnabled: true, credentialEnabled: true });
  });

  it("lets StackServerApp read the signed-in user's server view with the secret server key", async () => {
    const session = await call(server, "POST", "/auth/password/sign-in", {
      creds: project.client,
      body: { email: project.user.email, password: project.user.password },
    });
    expect(session.status).toBe(200);
    const user = await serverApp().getUser({
      or: "throw",
      tokenStore: { accessToken: session.json.access_token, refreshToken: session.json.refresh_token },
    });
    expect(user.id).toBe(project.user.userId);
    expect(user.primaryEmail).toBe(project.user.email);
    expect(user.serverMetadata).toBeNull();
    expect(user.lastActiveAt).toBeInstanceOf(Date);
  });

  it("lets StackServerApp read a user by id with the secret server key", async () => {
    const user = await serverApp().getUser(project.user.userId);
    expect(user?.id).toBe(project.user.userId);
    expect(user?.primaryEmail).toBe(project.user.email);
  });
});
