/**
 * OAuth sign-in through the published SDK (2.8.108 and 2.8.102), unchanged, given a jsdom
 * window and document at http://localhost:3000 (the app's origin; the server keeps Node's own
 * globals): `signInWithOAuth` builds our authorize URL
 * (2.8.108 fetches it in JSON mode, 2.8.102 navigates to it), the stand-in OpenID provider
 * signs a person in, our callback sends the browser back to the app's oauth-callback page,
 * and `callOAuthCallback` trades the code with the verifier the SDK kept in its cookie; then
 * `user.getConnectedAccount` hands out the provider's access token.
 * The browser's part between the app and the provider (following redirects, carrying our
 * binding cookie) is done here over HTTP, as a browser would.
 */
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureOAuth, createProjectFixture, followProvider, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";
import { startOidcStandIn, type OidcStandIn } from "../harness/oidc-stand-in";
import { STACK_SDKS } from "../support/stack-sdks";

let server: TestServer;
let standIn: OidcStandIn;
/** Every authorize URL requested through fetch (the 2.8.108 SDK fetches it in JSON mode). */
const fetchedAuthorizeUrls: URL[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname.includes("/auth/oauth/authorize/")) fetchedAuthorizeUrls.push(url);
  return realFetch(input, init);
};
/** A fresh browser page at the app's origin for each SDK, so neither sees the other's cookies. */
function openAppPage() {
  const { window } = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://localhost:3000/", pretendToBeVisual: true });
  Object.assign(globalThis, { window, document: window.document, requestAnimationFrame: window.requestAnimationFrame.bind(window) });
  return window;
}

beforeAll(async () => {
  server = await startServer();
  standIn = await startOidcStandIn({
    clients: [{ clientId: "corp", clientSecret: "corp-secret", redirectUris: [`${server.url}/api/v1/auth/oauth/callback/corp`] }],
  });
});

afterAll(async () => {
  // The page stays: the SDKs keep polling their cookies on timers until the worker ends.
  await standIn?.close();
  await server?.close();
});

describe.each(STACK_SDKS)("@stackframe/js $version: signInWithOAuth", ({ version, sdk }) => {
  it("builds an authorize URL our server takes, and callOAuthCallback signs the person in", async () => {
    // A project per SDK: both SDKs' apps stay alive, and each watches its project's cookies.
    const project: ProjectFixture = await createProjectFixture(server);
    await configureOAuth(server, project, { corp: { type: "oidc", clientId: "corp", clientSecret: "corp-secret", issuerUrl: standIn.issuer } });
    const window = openAppPage();
    const navigations: string[] = [];
    const navigate = (url: string) => void navigations.push(url);
    const app = new sdk.StackClientApp({
      baseUrl: server.url,
      projectId: project.projectId,
      publishableClientKey: project.keys.publishableKey,
      tokenStore: "cookie",
      redirectMethod: { useNavigate: () => navigate, navigate },
      noAutomaticPrefetch: true,
    });
    const person = standIn.addAccount({ sub: `sdk-${version}`, email: uniqueEmail(`sdk-oauth-${version}`), email_verified: true, name: `SDK ${version}` });

    // The SDK never resolves signInWithOAuth: the page is expected to go away.
    void app.signInWithOAuth("corp");
    await expect.poll(() => navigations.length, { timeout: 10_000 }).toBe(1);
    const target = new URL(navigations[0]!);

    let callbackUrl: URL;
    let cookie = "";
    standIn.nextDecision({ accountId: person.sub });
    const jsonMode = target.origin === new URL(standIn.issuer).origin;
    // What the SDK asked our authorize endpoint for, in either mode.
    const authorizeUrl = jsonMode ? fetchedAuthorizeUrls.at(-1)! : target;
    expect(authorizeUrl.href.startsWith(`${server.url}/api/v1/auth/oauth/authorize/corp?`)).toBe(true);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: project.projectId,
      client_secret: project.keys.publishableKey,
      redirect_uri: "http://localhost:3000/handler/oauth-callback",
      scope: "legacy",
      grant_type: "authorization_code",
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: "S256",
      response_type: "code",
      type: "authenticate",
      error_redirect_url: "http://localhost:3000/handler/error",
      state: expect.any(String),
    });
    if (jsonMode) {
      // JSON mode: the SDK fetched our authorize URL and was handed the provider's.
      expect(authorizeUrl.searchParams.get("stack_response_mode")).toBe("json");
      callbackUrl = await followProvider(target.href, `${server.url}/api/v1/auth/oauth/callback/`);
    } else {
      // Redirect mode: the browser goes to our authorize URL, which sets the binding cookie.
      expect(Object.fromEntries(target.searchParams)).toMatchObject({
        client_id: project.projectId,
        client_secret: project.keys.publishableKey,
        redirect_uri: "http://localhost:3000/handler/oauth-callback",
        scope: "legacy",
        grant_type: "authorization_code",
        code_challenge_method: "S256",
        response_type: "code",
        type: "authenticate",
        error_redirect_url: "http://localhost:3000/handler/error",
      });
      const authorize = await fetch(target, { redirect: "manual" });
      expect(authorize.status).toBe(302);
      cookie = (authorize.headers.get("set-cookie") ?? "").split(";")[0]!;
      callbackUrl = await followProvider(authorize.headers.get("location")!, `${server.url}/api/v1/auth/oauth/callback/`);
    }
    const callback = await fetch(callbackUrl, { redirect: "manual", headers: cookie ? { cookie } : {} });
    expect(callback.status).toBe(303);
    const back = new URL(callback.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe("http://localhost:3000/handler/oauth-callback");

    // The oauth-callback page: the SDK reads code and state, and its verifier cookie.
    window.history.replaceState(null, "", back.href);
    expect(await app.callOAuthCallback()).toBe(true);
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(person.email);
    expect(user.displayName).toBe(person.name);
    expect(user.primaryEmailVerified).toBe(true);
    // The provider's access token, through the SDK's connected-account call.
    // The SDK's types name the twelve built-in providers; a generic provider goes by its own id.
    const connection = await user.getConnectedAccount("corp" as "google");
    expect(connection?.providerAccountId).toBe(person.sub);
    const { accessToken } = await connection!.getAccessToken();
    const userinfo = await fetch(`${standIn.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(((await userinfo.json()) as { sub: string }).sub).toBe(person.sub);
    // A new user lands on after-sign-up (the home page by default).
    expect(navigations.at(-1)).toMatch(/^(http:\/\/localhost:3000)?\/$/);
  });
});
