/**
 * The device authorization grant (RFC 8628) as a command-line tool runs it with openid-client:
 * it asks for a code, prints where to enter it, and polls; the person enters the code on the
 * project's page, signs in and allows on the authorize page (done over HTTP here, as the page
 * does), and the tool's poll gets tokens. Polling too fast is answered slow_down; a denied
 * request access_denied; a wrong code is refused on the page; a code past its 10 minutes
 * expired_token.
 */
import * as oidc from "openid-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, storedRows, TEST_INTERNAL_KEYS, type TestServer } from "../harness";
import { CookieBrowser } from "../support/cookie-browser";

let server: TestServer;
let issuer: string;
let config: oidc.Configuration;

const adminHeaders = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": TEST_INTERNAL_KEYS.superSecretAdminKey,
  "content-type": "application/json",
};
const clientHeaders = (accessToken?: string) => ({
  "x-stack-project-id": "internal",
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": TEST_INTERNAL_KEYS.publishableClientKey,
  "content-type": "application/json",
  ...(accessToken ? { "x-stack-access-token": accessToken } : {}),
});

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await server.request(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: await response.json().catch(() => null) };
}

async function signUp() {
  const answer = await api("POST", "/auth/password/sign-up", clientHeaders(), { email: `device-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "correct horse battery staple" });
  return { id: answer.json.user_id as string, accessToken: answer.json.access_token as string };
}

const formField = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
const formAction = (page: string) => /<form[^>]*method="post" action="([^"]+)"/.exec(page)?.[1];

/** The person's part: open the verification page, enter the code, confirm, and answer on the authorize page. */
async function enterCode(browser: CookieBrowser, userCode: string, accessToken: string, decision: "allow" | "deny" = "allow") {
  const input = await browser.request(`${issuer}/device`);
  expect(input.status).toBe(200);
  const inputPage = await input.text();
  expect(inputPage).toContain('<label for="user-code">Code</label>');
  const confirm = await browser.submit(new URL(formAction(inputPage)!, server.url), { xsrf: formField(inputPage, "xsrf")!, user_code: userCode });
  expect(confirm.status).toBe(200);
  const confirmPage = await confirm.text();
  expect(confirmPage).toContain("Command-line tool");
  const started = await browser.submit(new URL(formAction(confirmPage)!, server.url), {
    xsrf: formField(confirmPage, "xsrf")!,
    user_code: formField(confirmPage, "user_code")!,
    confirm: "yes",
  });
  const page = await browser.follow(new URL(started.headers.get("location")!, server.url));
  const uid = /\/authorize\/([^/?]+)$/.exec(page.url.pathname)?.[1];
  expect(uid, page.url.href).toBeTruthy();
  const answer = await api("POST", `/oauth-apps/authorizations/${uid}`, clientHeaders(accessToken), { decision });
  const done = await browser.follow(answer.json.redirect_to);
  return { status: done.response.status, text: await done.response.text() };
}

beforeAll(async () => {
  server = await startServer();
  issuer = `${server.url}/api/v1/projects/internal/oauth2`;
  await api("PATCH", "/internal/config/override/environment", adminHeaders, { config_override_string: JSON.stringify({ "oauthServer.enabled": true }) });
  const app = await api("POST", "/internal/oauth-apps", adminHeaders, {
    display_name: "Command-line tool",
    type: "public",
    grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
  });
  expect(app.status).toBe(201);
  config = await oidc.discovery(new URL(issuer), app.json.client_id, { token_endpoint_auth_method: "none" }, oidc.None(), { execute: [oidc.allowInsecureRequests] });
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  vi.useRealTimers();
});

describe("the device authorization grant", () => {
  it("signs a command-line tool in once the person enters its code and allows it", async () => {
    const user = await signUp();
    const device = await oidc.initiateDeviceAuthorization(config, { scope: "openid profile offline_access" });
    expect(device.verification_uri).toBe(`${issuer}/device`);
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    // RFC 8628: without an interval in the answer, a device polls every 5 seconds.
    expect(device.interval ?? 5).toBe(5);

    const polling = oidc.pollDeviceAuthorizationGrant(config, device);
    const browser = new CookieBrowser();
    const done = await enterCode(browser, device.user_code, user.accessToken);
    expect(done.status).toBe(200);
    expect(done.text).toContain("Device connected");
    const tokens = await polling;
    expect(tokens.claims()?.sub).toBe(user.id);
    expect(tokens.refresh_token).toBeTruthy();
    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info.sub).toBe(user.id);
  }, 60_000);

  it("answers a poll that comes too soon with slow_down, a denied request with access_denied, and refuses a wrong code", async () => {
    const user = await signUp();
    const device = await oidc.initiateDeviceAuthorization(config, { scope: "openid" });
    const poll = () =>
      fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: device.device_code, client_id: config.clientMetadata().client_id }).toString(),
      }).then(async (response) => (await response.json()).error as string);
    expect(await poll()).toBe("authorization_pending");
    expect(await poll()).toBe("slow_down");

    const browser = new CookieBrowser();
    const input = await (await browser.request(`${issuer}/device`)).text();
    const wrong = await browser.submit(new URL(formAction(input)!, server.url), { xsrf: formField(input, "xsrf")!, user_code: "BCDF-GHJK" });
    expect(await wrong.text()).toContain("That code is not valid or has expired.");

    await enterCode(new CookieBrowser(), device.user_code, user.accessToken, "deny");
    await new Promise((resolve) => setTimeout(resolve, (device.interval ?? 5) * 1000 + 5_500));
    expect(await poll()).toBe("access_denied");
  }, 60_000);

  it("answers a poll after the code's 10 minutes with expired_token (RFC 8628 §3.5), and the page no longer takes its user code", async () => {
    const device = await oidc.initiateDeviceAuthorization(config, { scope: "openid" });
    expect(device.expires_in).toBe(600);
    const poll = async () => {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: device.device_code, client_id: config.clientMetadata().client_id }).toString(),
      });
      return { status: response.status, error: (await response.json()).error as string };
    };
    // The server runs in this process, so moving the clock (Date only; timers keep real time)
    // past the code's lifetime moves the OAuth server's with it. PostgreSQL keeps its own time,
    // so the code's row is aged by as much (PGlite's clock is this process's: there it is older).
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    vi.setSystemTime(start + (device.expires_in - 5) * 1000);
    expect(await poll()).toEqual({ status: 400, error: "authorization_pending" });
    vi.setSystemTime(start + (device.expires_in + 1) * 1000);
    const aged = await storedRows(
      server,
      `UPDATE oauth_server_records SET expires_at = expires_at - make_interval(secs => $2) WHERE project_id = 'internal' AND model = 'DeviceCode' AND client_id = $1 RETURNING model`,
      [config.clientMetadata().client_id, device.expires_in + 1],
    );
    expect(aged.length).toBeGreaterThan(0);
    expect(await poll()).toEqual({ status: 400, error: "expired_token" });

    // Its user code is refused on the page as well, though the tool may still hear why it failed.
    const browser = new CookieBrowser();
    const input = await (await browser.request(`${issuer}/device`)).text();
    const entered = await browser.submit(new URL(formAction(input)!, server.url), { xsrf: formField(input, "xsrf")!, user_code: device.user_code });
    expect(await entered.text()).toContain("That code is not valid or has expired.");
    vi.setSystemTime(start + (device.expires_in + 10) * 1000);
    expect(await poll()).toEqual({ status: 400, error: "expired_token" });
  });
});
