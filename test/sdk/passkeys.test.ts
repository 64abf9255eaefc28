/**
 * Passkeys through the published SDK (2.8.108 and 2.8.102), unchanged: `user.registerPasskey()`
 * and `app.signInWithPasskey()`. Both run the browser half of @simplewebauthn in the SDK, which
 * needs `window.location`, `PublicKeyCredential` and `navigator.credentials`. Node has none, so
 * this file lends it a small WebAuthn client for the length of each test: the page is at
 * `ORIGIN`, and `navigator.credentials` answers from the software authenticator of
 * the test harness (test/harness), writing the page's origin into the client data as a browser does.
 * Everything the SDK sends and expects on the wire is then its own: the placeholder RP ID it
 * insists on, the JSON forms of the credential and assertion, the sign-in tokens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";
import {
  call,
  createProjectFixture,
  SoftAuthenticator,
  startServer,
  uniqueEmail,
  type ProjectFixture,
  type TestServer,
} from "../harness";

const PASSWORD = "correct horse battery";
const ORIGIN = "http://localhost:5173";

let server: TestServer;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startServer();
  project = await createProjectFixture(server, { config: { passkey_enabled: true } });
});

afterAll(async () => {
  await server?.close();
});

const b64url = (buffer: ArrayBuffer | ArrayBufferView) =>
  Buffer.from(buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)).toString("base64url");
const bytes = (text: string): ArrayBuffer => {
  const buffer = Buffer.from(text, "base64url");
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
};

/** The PublicKeyCredential a browser hands the page: the authenticator's JSON answer as binary again. */
function asPublicKeyCredential(json: { id: string; rawId: string; type: string; authenticatorAttachment: string; response: Record<string, unknown> }) {
  const response: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json.response)) response[key] = typeof value === "string" ? bytes(value) : value;
  if (Array.isArray(json.response.transports)) response.getTransports = () => json.response.transports;
  return { id: json.id, rawId: bytes(json.rawId), type: json.type, authenticatorAttachment: json.authenticatorAttachment, getClientExtensionResults: () => ({}), response };
}

/** A page at `origin` whose browser keeps its passkeys in `authenticator`. */
function lendBrowser(origin: string, authenticator: SoftAuthenticator) {
  const credentials = {
    create: async ({ publicKey }: { publicKey: any }) =>
      asPublicKeyCredential(authenticator.register({ challenge: b64url(publicKey.challenge), user: { id: b64url(publicKey.user.id) } }, { origin, rpId: publicKey.rp.id })),
    get: async ({ publicKey }: { publicKey: any }) =>
      asPublicKeyCredential(authenticator.authenticate({ challenge: b64url(publicKey.challenge) }, { origin, rpId: publicKey.rpId })),
  };
  Object.assign(globalThis, {
    window: { location: new URL(`${origin}/`) },
    PublicKeyCredential: function PublicKeyCredential() {},
  });
  Object.defineProperty(globalThis, "navigator", { value: { credentials }, configurable: true, writable: true });
}

const originalNavigator = Object.getOwnPropertyDescriptor(globalThis, "navigator");
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
  delete (globalThis as Record<string, unknown>).PublicKeyCredential;
  if (originalNavigator) Object.defineProperty(globalThis, "navigator", originalNavigator);
  else delete (globalThis as Record<string, unknown>).navigator;
});

describe.each(STACK_SDKS)("@stackframe/js $version: passkeys", ({ version, sdk }) => {
  const navigations: string[] = [];
  // registerPasskey reads the page's host name through the redirect method, so it may not be "none".
  const navigate = (url: string) => void navigations.push(url);
  const clientApp = () => new sdk.StackClientApp({ ...sdkAppOptions(server, project), redirectMethod: { useNavigate: () => navigate, navigate } });

  it("registers with user.registerPasskey() and signs in with signInWithPasskey()", async () => {
    const authenticator = new SoftAuthenticator();
    lendBrowser(ORIGIN, authenticator);
    const email = uniqueEmail(`sdk-passkey-${version}`);
    const registering = clientApp();
    expect((await registering.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const user = await registering.getUser({ or: "throw" });
    expect(user.passkeyAuthEnabled).toBe(false);

    expect(await user.registerPasskey()).toEqual({ status: "ok", data: undefined });
    expect((await registering.getUser({ or: "throw" })).passkeyAuthEnabled).toBe(true);
    expect(authenticator.passkeys).toHaveLength(1);
    expect(authenticator.passkeys[0]).toMatchObject({ rpId: "localhost", userHandle: Buffer.from(user.id).toString("base64url") });

    const app = clientApp();
    expect(await app.getUser()).toBeNull();
    navigations.length = 0;
    expect(await app.signInWithPasskey()).toEqual({ status: "ok", data: undefined });
    expect((await app.getUser({ or: "throw" })).id).toBe(user.id);
    // Signed in, the SDK goes to its after-sign-in page.
    expect(navigations).toEqual(["/"]);
    expect(authenticator.passkeys[0]!.counter).toBe(1);
  });

  it("reports the server's refusal of a page on another site as PASSKEY_AUTHENTICATION_FAILED", async () => {
    const authenticator = new SoftAuthenticator();
    lendBrowser(ORIGIN, authenticator);
    const registering = clientApp();
    await registering.signUpWithCredential({ email: uniqueEmail(`sdk-passkey-site-${version}`), password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect((await (await registering.getUser({ or: "throw" })).registerPasskey()).status).toBe("ok");

    // The same passkey answering a page the project does not trust. A real authenticator would not
    // even offer it there (another RP ID); this one does, so that the server's own check is what refuses.
    lendBrowser("http://localhost.attacker.example", authenticator);
    const before = authenticator.passkeys[0]!.counter;
    const result = await clientApp().signInWithPasskey();
    expect(result.status).toBe("error");
    expect(result.status === "error" && result.error.errorCode).toBe("PASSKEY_AUTHENTICATION_FAILED");
    expect(authenticator.passkeys[0]!.counter).toBe(before + 1);
  });

  it("turns passkey sign-in off with user.update({ passkeyAuthEnabled: false })", async () => {
    const authenticator = new SoftAuthenticator();
    lendBrowser(ORIGIN, authenticator);
    const app = clientApp();
    await app.signUpWithCredential({ email: uniqueEmail(`sdk-passkey-off-${version}`), password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });
    expect((await user.registerPasskey()).status).toBe("ok");
    await user.update({ passkeyAuthEnabled: false });
    expect((await app.getUser({ or: "throw" })).passkeyAuthEnabled).toBe(false);
    const count = await call(server, "GET", `/users/${user.id}`, { creds: project.server });
    expect(count.json.passkey_auth_enabled).toBe(false);
    const result = await clientApp().signInWithPasskey();
    expect(result.status === "error" && result.error.errorCode).toBe("PASSKEY_AUTHENTICATION_FAILED");
  });
});
