/**
 * CLI login through the published SDK (2.8.108 and 2.8.102), unchanged: the tool's
 * `promptCliLogin` starts the login and polls; the browser side confirms the way
 * @stackframe/react's cli-auth-confirm page does (`/auth/cli/complete` through the app's
 * request sender: `check`, then the signed-in user's refresh token, or `claim-anon-session`
 * and a sign-up when the tool runs as an anonymous user).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS, type StackSdk } from "../support/stack-sdks";

const PASSWORD = "correct horse battery";

let server: TestServer;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startServer();
  project = await createProjectFixture(server, { config: { anonymous_sign_up_enabled: true } });
});

afterAll(async () => {
  await server?.close();
});

type ClientApp = InstanceType<StackSdk["StackClientApp"]>;
type PromptOptions = Parameters<ClientApp["promptCliLogin"]>[0] & { waitTimeMillis?: number; maxAttempts?: number };

/** promptCliLogin with the polling options its implementation reads (its declared type leaves them out). */
function promptCliLogin(app: ClientApp, options: PromptOptions) {
  return app.promptCliLogin(options);
}

/** `/auth/cli/complete` as the SDK's confirm page sends it. */
async function completeAsPage(sdk: StackSdk, app: ClientApp, body: Record<string, unknown>) {
  const internals = (app as unknown as Record<symbol, { sendRequest: (path: string, init: RequestInit) => Promise<Response> }>)[sdk.stackAppInternalsSymbol]!;
  const response = await internals.sendRequest("/auth/cli/complete", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Who a refresh token signs in, through the refresh grant and GET /users/me. */
async function userOf(refreshToken: string) {
  const refreshed = await server.request("/api/v1/auth/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: project.projectId, client_secret: project.keys.publishableKey }).toString(),
  });
  const { access_token } = (await refreshed.json()) as { access_token: string };
  return (await call(server, "GET", "/users/me", { creds: { ...project.client, accessToken: access_token } })).json;
}

describe.each(STACK_SDKS)("@stackframe/js $version: CLI login", ({ version, sdk }) => {
  const clientApp = () => new sdk.StackClientApp(sdkAppOptions(server, project));

  it("promptCliLogin polls until the signed-in browser confirms, and gets the session the page handed over", async () => {
    const browser = clientApp();
    const email = uniqueEmail(`sdk-cli-${version}`);
    expect((await browser.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const user = await browser.getUser({ or: "throw" });
    const browserRefreshToken = (await user.currentSession.getTokens()).refreshToken;

    const links: string[] = [];
    const result = await promptCliLogin(clientApp(), {
      appUrl: server.url,
      waitTimeMillis: 50,
      promptLink: (url: string, loginCode: string) => {
        links.push(url);
        void (async () => {
          expect((await completeAsPage(sdk, browser, { login_code: loginCode, mode: "check" })).json).toEqual({ cli_session_state: "none" });
          expect((await completeAsPage(sdk, browser, { login_code: loginCode, refresh_token: browserRefreshToken })).json).toEqual({ success: true });
        })();
      },
    });
    expect(links[0]).toMatch(new RegExp(`^${server.url}/handler/cli-auth-confirm\\?login_code=[A-Z0-9]{45}$`));
    expect(result.status).toBe("ok");
    const refreshToken = (result as { data: string }).data;
    // Stack's page sends its own refresh token, and the tool shares that session (as with Stack's backend).
    expect(refreshToken).toBe(browserRefreshToken);
    expect((await userOf(refreshToken)).primary_email).toBe(email);
  });

  it("promptCliLogin answers CliAuthExpiredError with SPEC's message once the login expires", async () => {
    const result = await promptCliLogin(clientApp(), { appUrl: server.url, expiresInMillis: 300, waitTimeMillis: 100, promptLink: () => {} });
    expect(result.status).toBe("error");
    const error = (result as { error: Error & { errorCode: string } }).error;
    expect(error.errorCode).toBe("CLI_AUTH_EXPIRED_ERROR");
    expect(error.message).toContain("CLI authentication request expired. Please try again.");
  });

  it("promptCliLogin stops after maxAttempts with 'Timed out waiting for CLI authentication.'", async () => {
    const result = await promptCliLogin(clientApp(), { appUrl: server.url, maxAttempts: 2, waitTimeMillis: 20, promptLink: () => {} });
    expect(result.status).toBe("error");
    const error = (result as { error: Error & { errorCode: string } }).error;
    expect(error.errorCode).toBe("CLI_AUTH_ERROR");
    expect(error.message).toContain("Timed out waiting for CLI authentication.");
  });

  it("a tool running as an anonymous user: the page takes that user over, signs up as them, and confirms", async () => {
    const tool = clientApp();
    const anonymous = await tool.getUser({ or: "anonymous" });
    const anonRefreshToken = (await anonymous.currentSession.getTokens()).refreshToken!;
    const email = uniqueEmail(`sdk-cli-anon-${version}`);

    const result = await promptCliLogin(tool, {
      appUrl: server.url,
      anonRefreshToken,
      waitTimeMillis: 50,
      promptLink: (_url: string, loginCode: string) => {
        void (async () => {
          const page = clientApp();
          expect((await completeAsPage(sdk, page, { login_code: loginCode, mode: "check" })).json).toEqual({ cli_session_state: "anonymous" });
          const claimed = await completeAsPage(sdk, page, { login_code: loginCode, mode: "claim-anon-session" });
          const tokens = claimed.json as { access_token: string; refresh_token: string };
          const internals = (page as unknown as Record<symbol, { signInWithTokens: (t: { accessToken: string; refreshToken: string }) => Promise<void> }>)[
            sdk.stackAppInternalsSymbol
          ]!;
          await internals.signInWithTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
          expect((await page.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
          const signedUp = await page.getUser({ or: "throw" });
          expect(signedUp.id).toBe(anonymous.id);
          const refreshToken = (await signedUp.currentSession.getTokens()).refreshToken;
          expect((await completeAsPage(sdk, page, { login_code: loginCode, refresh_token: refreshToken })).json).toEqual({ success: true });
        })();
      },
    });
    expect(result.status).toBe("ok");
    expect(await userOf((result as { data: string }).data)).toMatchObject({ id: anonymous.id, primary_email: email, is_anonymous: false });
  });
});
