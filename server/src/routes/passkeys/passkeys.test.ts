import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, type Credentials, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { signUpWithTotp, totpCode } from "../../testing/totp";
import { SoftAuthenticator } from "../../testing/webauthn";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;
let otherProject: ProjectFixture;

const ORIGIN = "http://localhost:3000";
const PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com";

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: { passkey_enabled: true } });
  otherProject = await createProjectFixture(t, { config: { passkey_enabled: true } });
});

afterEach(() => {
  vi.useRealTimers();
});

const as = (p: ProjectFixture, user?: SignedInUser): Credentials => ({ ...p.client, accessToken: user?.accessToken });

async function startRegistration(user: SignedInUser, p: ProjectFixture = project) {
  const res = await call(t, "POST", "/auth/passkey/initiate-passkey-registration", { creds: as(p, user), body: {} });
  expect(res.status).toBe(200);
  return res.json as { options_json: any; code: string };
}

const finishRegistration = (user: SignedInUser, body: { credential: unknown; code: string }, p: ProjectFixture = project) =>
  callUntyped(t, "POST", "/auth/passkey/register", { creds: as(p, user), body });

async function startSignIn(p: ProjectFixture = project) {
  const res = await call(t, "POST", "/auth/passkey/initiate-passkey-authentication", { creds: p.client, body: {} });
  expect(res.status).toBe(200);
  return res.json as { options_json: any; code: string };
}

const finishSignIn = (body: { authentication_response: unknown; code: string }, p: ProjectFixture = project) =>
  callUntyped(t, "POST", "/auth/passkey/sign-in", { creds: p.client, body });

/** A user of `p` with a passkey registered from ORIGIN on a fresh authenticator. */
async function userWithPasskey(p: ProjectFixture = project, user?: SignedInUser) {
  const owner = user ?? (await signUpUser(t, p.client));
  const authenticator = new SoftAuthenticator();
  const { options_json, code } = await startRegistration(owner, p);
  const res = await finishRegistration(owner, { credential: authenticator.register(options_json, { origin: ORIGIN }), code }, p);
  expect(res.status, res.text).toBe(200);
  return { user: owner, authenticator };
}

async function signInWith(authenticator: SoftAuthenticator, options: { origin?: string; rpId?: string; counter?: number } = {}, p = project) {
  const { options_json, code } = await startSignIn(p);
  return finishSignIn({ authentication_response: authenticator.authenticate(options_json, { origin: ORIGIN, ...options }), code }, p);
}

async function setConfig(p: ProjectFixture, config: Record<string, unknown>) {
  const res = await call(t, "PATCH", "/internal/projects/current", { creds: p.admin, body: { config } });
  expect(res.status, res.text).toBe(200);
}

describe("registering a passkey", () => {
  it("answers options with the SDK's placeholder RP ID, then stores the passkey and turns passkey_auth_enabled on", async () => {
    const user = await signUpUser(t, project.client);
    const { options_json, code } = await startRegistration(user);
    expect(options_json).toMatchObject({
      rp: { id: PLACEHOLDER, name: "Fixture project" },
      user: { id: Buffer.from(user.userId).toString("base64url"), name: user.email },
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      attestation: "none",
      timeout: 60_000,
    });
    expect(options_json.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options_json).not.toHaveProperty("hints");
    expect(code).toMatch(/^[A-Z0-9]{45}$/);

    const before = await call(t, "GET", "/users/me", { creds: as(project, user) });
    expect(before.json.passkey_auth_enabled).toBe(false);
    const credential = new SoftAuthenticator().register(options_json, { origin: ORIGIN });
    const res = await finishRegistration(user, { credential, code });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user_handle: credential.id });
    const after = await call(t, "GET", "/users/me", { creds: as(project, user) });
    expect(after.json.passkey_auth_enabled).toBe(true);
  });

  it("keeps only the challenge's digest: the options' challenge appears nowhere in the database", async () => {
    const user = await signUpUser(t, project.client);
    const { options_json } = await startRegistration(user);
    const rows = await t.db.query<{ data: unknown }>("SELECT data FROM verification_codes WHERE user_id = $1", [user.userId]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(options_json.challenge);
  });

  it("refuses a code used twice: the second answer is VERIFICATION_CODE_ALREADY_USED", async () => {
    const user = await signUpUser(t, project.client);
    const { options_json, code } = await startRegistration(user);
    const credential = new SoftAuthenticator().register(options_json, { origin: ORIGIN });
    expect((await finishRegistration(user, { credential, code })).status).toBe(200);
    expect((await finishRegistration(user, { credential, code })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("refuses an answer signed for another challenge (a replayed registration) and uses the code up", async () => {
    const user = await signUpUser(t, project.client);
    const authenticator = new SoftAuthenticator();
    const first = await startRegistration(user);
    const second = await startRegistration(user);
    const res = await finishRegistration(user, { credential: authenticator.register(first.options_json, { origin: ORIGIN }), code: second.code });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("PASSKEY_REGISTRATION_FAILED");
    expect(res.json.details.message).toMatch(/challenge/i);
    const again = await finishRegistration(user, { credential: authenticator.register(second.options_json, { origin: ORIGIN }), code: second.code });
    expect(again.json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("retires a user's older registration code when they start again", async () => {
    const user = await signUpUser(t, project.client);
    const first = await startRegistration(user);
    await startRegistration(user);
    const res = await finishRegistration(user, { credential: new SoftAuthenticator().register(first.options_json, { origin: ORIGIN }), code: first.code });
    expect(res.json.code).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("refuses origins that are not the project's, and an RP ID that is not the origin's host", async () => {
    const user = await signUpUser(t, project.client);
    for (const ceremony of [{ origin: "https://evil.example" }, { origin: "http://localhost.evil.example" }, { origin: ORIGIN, rpId: "evil.example" }]) {
      const { options_json, code } = await startRegistration(user);
      const res = await finishRegistration(user, { credential: new SoftAuthenticator().register(options_json, ceremony), code });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("PASSKEY_REGISTRATION_FAILED");
    }
    expect((await call(t, "GET", "/users/me", { creds: as(project, user) })).json.passkey_auth_enabled).toBe(false);
  });

  it("lets only the user who started finish: another user's session gets VERIFICATION_CODE_NOT_FOUND and the code stays good", async () => {
    const user = await signUpUser(t, project.client);
    const intruder = await signUpUser(t, project.client);
    const { options_json, code } = await startRegistration(user);
    const credential = new SoftAuthenticator().register(options_json, { origin: ORIGIN });
    expect((await finishRegistration(intruder, { credential, code })).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await finishRegistration(user, { credential, code })).status).toBe(200);
  });

  it("replaces the user's earlier passkey: the old one no longer signs in", async () => {
    const { user, authenticator: old } = await userWithPasskey();
    const { authenticator: replacement } = await userWithPasskey(project, user);
    expect((await signInWith(old)).json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
    const res = await signInWith(replacement);
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(user.userId);
  });

  it("refuses a credential id another user already registered", async () => {
    const { authenticator } = await userWithPasskey();
    const thief = await signUpUser(t, project.client);
    const { options_json, code } = await startRegistration(thief);
    // The thief's own key under the victim's credential id.
    const credential = new SoftAuthenticator().register(options_json, { origin: ORIGIN, credentialId: authenticator.passkeys[0]!.id });
    const res = await finishRegistration(thief, { credential, code });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("PASSKEY_REGISTRATION_FAILED");
    expect((await signInWith(authenticator)).status).toBe(200);
  });

  it("registers one credential id for one user when two users send it at the same moment; the other gets the known error", async () => {
    const [first, second] = await Promise.all([signUpUser(t, project.client), signUpUser(t, project.client)]);
    const [a, b] = await Promise.all([startRegistration(first!), startRegistration(second!)]);
    const credentialId = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    const answers = await Promise.all([
      finishRegistration(first!, { credential: new SoftAuthenticator().register(a.options_json, { origin: ORIGIN, credentialId }), code: a.code }),
      finishRegistration(second!, { credential: new SoftAuthenticator().register(b.options_json, { origin: ORIGIN, credentialId }), code: b.code }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    expect(answers.find((res) => res.status === 400)!.json.code).toBe("PASSKEY_REGISTRATION_FAILED");
  });
});

describe("signing in with a passkey", () => {
  it("signs in with the registered passkey and answers the sign-in tokens", async () => {
    const { user, authenticator } = await userWithPasskey();
    const { options_json, code } = await startSignIn();
    expect(options_json).toMatchObject({ rpId: PLACEHOLDER, allowCredentials: [], userVerification: "preferred", timeout: 60_000 });
    const res = await finishSignIn({ authentication_response: authenticator.authenticate(options_json, { origin: ORIGIN }), code });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: user.userId, is_new_user: false });
    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: res.json.access_token } });
    expect(me.json.id).toBe(user.userId);
  });

  it("refuses a replayed challenge: the same answer again, or the recorded answer with a new code", async () => {
    const { authenticator } = await userWithPasskey();
    const { options_json, code } = await startSignIn();
    const answer = authenticator.authenticate(options_json, { origin: ORIGIN });
    expect((await finishSignIn({ authentication_response: answer, code })).status).toBe(200);
    expect((await finishSignIn({ authentication_response: answer, code })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    const fresh = await startSignIn();
    const replay = await finishSignIn({ authentication_response: answer, code: fresh.code });
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
    expect(replay.json.details.message).toMatch(/challenge/i);
  });

  it("refuses an expired challenge: a code lives 65 seconds", async () => {
    const { authenticator } = await userWithPasskey();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const fresh = await startSignIn();
    const stale = await startSignIn();
    vi.setSystemTime(start + 64_000);
    expect((await finishSignIn({ authentication_response: authenticator.authenticate(fresh.options_json, { origin: ORIGIN }), code: fresh.code })).status).toBe(200);
    vi.setSystemTime(start + 66_000);
    const res = await finishSignIn({ authentication_response: authenticator.authenticate(stale.options_json, { origin: ORIGIN }), code: stale.code });
    expect(res.json.code).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("refuses a wrong origin or RP ID, and the code is used up by that answer", async () => {
    await setConfig(otherProject, { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }, { domain: "https://*.tenants.example.com", handler_path: "/handler" }] });
    const user = await signUpUser(t, otherProject.client);
    const authenticator = new SoftAuthenticator();
    const reg = await startRegistration(user, otherProject);
    expect((await finishRegistration(user, { credential: authenticator.register(reg.options_json, { origin: "https://app.example.com" }), code: reg.code }, otherProject)).status).toBe(200);

    for (const ceremony of [
      { origin: "https://evil.example.com", rpId: "app.example.com" },
      { origin: "http://app.example.com" },
      { origin: "https://app.example.com:8443" },
      { origin: ORIGIN },
      { origin: "https://app.example.com", rpId: "example.com" },
    ]) {
      const { options_json, code } = await startSignIn(otherProject);
      const res = await finishSignIn({ authentication_response: authenticator.authenticate(options_json, ceremony), code }, otherProject);
      expect(res.status, JSON.stringify(ceremony)).toBe(400);
      expect(res.json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
      const retry = await finishSignIn({ authentication_response: authenticator.authenticate(options_json, { origin: "https://app.example.com" }), code }, otherProject);
      expect(retry.json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    }
    const ok = await signInWith(authenticator, { origin: "https://app.example.com" }, otherProject);
    expect(ok.status).toBe(200);

    // A wildcard trusted domain admits its subdomains.
    const tenantUser = await signUpUser(t, otherProject.client);
    const tenantKey = new SoftAuthenticator();
    const tenantReg = await startRegistration(tenantUser, otherProject);
    const registered = await finishRegistration(tenantUser, { credential: tenantKey.register(tenantReg.options_json, { origin: "https://acme.tenants.example.com" }), code: tenantReg.code }, otherProject);
    expect(registered.status).toBe(200);
    expect((await signInWith(tenantKey, { origin: "https://acme.tenants.example.com" }, otherProject)).json.user_id).toBe(tenantUser.userId);
    await setConfig(otherProject, { allow_localhost: true, domains: [] });
  });

  it("refuses a signature counter that does not go forward (a cloned authenticator)", async () => {
    const { authenticator } = await userWithPasskey();
    expect((await signInWith(authenticator, { counter: 5 })).status).toBe(200);
    for (const counter of [3, 5]) {
      const res = await signInWith(authenticator, { counter });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
      expect(res.json.details.message).toMatch(/counter/i);
    }
    expect((await signInWith(authenticator, { counter: 6 })).status).toBe(200);
  });

  it("accepts a counter that stays 0, as authenticators without a counter send", async () => {
    const { authenticator } = await userWithPasskey();
    expect((await signInWith(authenticator, { counter: 0 })).status).toBe(200);
    expect((await signInWith(authenticator, { counter: 0 })).status).toBe(200);
    expect((await signInWith(authenticator, { counter: 1 })).status).toBe(200);
    expect((await signInWith(authenticator, { counter: 0 })).json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
  });

  it("refuses another project's passkey", async () => {
    const { authenticator } = await userWithPasskey(otherProject);
    const res = await signInWith(authenticator, {}, project);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
    expect((await signInWith(authenticator, {}, otherProject)).status).toBe(200);
  });

  it("refuses a forged signature and malformed answers with the known error, never a 500", async () => {
    const { authenticator } = await userWithPasskey();
    const { options_json, code } = await startSignIn();
    const answer = authenticator.authenticate(options_json, { origin: ORIGIN });
    const forged = { ...answer, response: { ...answer.response, signature: Buffer.alloc(70, 1).toString("base64url") } };
    expect((await finishSignIn({ authentication_response: forged, code })).json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
    for (const response of [
      { ...answer.response, clientDataJSON: "bm90LWpzb24" },
      { ...answer.response, clientDataJSON: Buffer.from(JSON.stringify({ type: "webauthn.get", origin: 42 })).toString("base64url") },
      { ...answer.response, authenticatorData: "AAAA" },
    ]) {
      const fresh = await startSignIn();
      const res = await finishSignIn({ authentication_response: { ...answer, response }, code: fresh.code });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
    }
    const shapeless = await finishSignIn({ authentication_response: { id: "x" }, code });
    expect(shapeless.json.code).toBe("SCHEMA_ERROR");
  });

  it("asks a user with two-factor sign-in on for the TOTP step", async () => {
    const totpUser = await signUpWithTotp(t, project.client);
    const { authenticator } = await userWithPasskey(project, totpUser);
    const res = await signInWith(authenticator);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
    const mfa = await call(t, "POST", "/auth/mfa/sign-in", {
      creds: project.client,
      body: { type: "totp", totp: totpCode(totpUser.secret), code: res.json.details.attempt_code },
    });
    expect(mfa.status).toBe(200);
    expect(mfa.json.user_id).toBe(totpUser.userId);
  });
});

describe("an anonymous user registering a passkey", () => {
  const ALLOW = { "x-stack-allow-anonymous-user": "true" };
  const anonymousIn = async (p: ProjectFixture) => {
    const res = await call(t, "POST", "/auth/anonymous/sign-up", { creds: p.client, body: {} });
    expect(res.status).toBe(200);
    return { userId: res.json.user_id as string, accessToken: res.json.access_token as string, refreshToken: res.json.refresh_token as string, email: "", password: "" };
  };
  const register = async (p: ProjectFixture, anon: SignedInUser, authenticator = new SoftAuthenticator()) => {
    const started = await call(t, "POST", "/auth/passkey/initiate-passkey-registration", { creds: as(p, anon), headers: ALLOW, body: {} });
    expect(started.status).toBe(200);
    const res = await callUntyped(t, "POST", "/auth/passkey/register", {
      creds: as(p, anon),
      headers: ALLOW,
      body: { credential: authenticator.register(started.json.options_json, { origin: ORIGIN }), code: started.json.code },
    });
    return { res, authenticator };
  };

  it("becomes a regular user with it, keeping its id and data, and signs in with it later", async () => {
    const p = await createProjectFixture(t, { config: { passkey_enabled: true, create_team_on_sign_up: true } });
    const anon = await anonymousIn(p);
    await call(t, "PATCH", "/users/me", { creds: as(p, anon), headers: ALLOW, body: { client_metadata: { cart: 1 } } });
    const { res, authenticator } = await register(p, anon);
    expect(res.status, res.text).toBe(200);
    const me = await call(t, "GET", "/users/me", { creds: as(p, anon), headers: ALLOW });
    expect(me.json).toMatchObject({ id: anon.userId, is_anonymous: false, passkey_auth_enabled: true, client_metadata: { cart: 1 } });
    // Its personal team, made at anonymous sign-up, stays its team (with no name or address, still "Personal Team").
    expect(me.json.selected_team).toMatchObject({ display_name: "Personal Team" });
    const signedIn = await signInWith(authenticator, {}, p);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ user_id: anon.userId, is_new_user: false });
    // The new session's token is a regular (not anonymous) one.
    expect((await call(t, "GET", "/users/me", { creds: as(p, { ...anon, accessToken: signedIn.json.access_token }) })).json.is_anonymous).toBe(false);
  });

  it("is refused where sign-up is off, leaving the user anonymous and the challenge unused", async () => {
    const p = await createProjectFixture(t, { config: { passkey_enabled: true } });
    const anon = await anonymousIn(p);
    await setConfig(p, { sign_up_enabled: false });
    const { res } = await register(p, anon);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SIGN_UP_NOT_ENABLED");
    const me = await call(t, "GET", "/users/me", { creds: as(p, anon), headers: ALLOW });
    expect(me.json).toMatchObject({ is_anonymous: true, passkey_auth_enabled: false });
  });
});

describe("encodings and the test challenge", () => {
  it("takes the browser's answer in plain base64 (as btoa writes it) as well as base64url", async () => {
    const user = await signUpUser(t, project.client);
    const authenticator = new SoftAuthenticator();
    const { options_json, code } = await startRegistration(user);
    const credential = authenticator.register(options_json, { origin: ORIGIN }) as { response: Record<string, unknown> };
    const toBase64 = (value: string) => Buffer.from(value, "base64url").toString("base64");
    const response = Object.fromEntries(Object.entries(credential.response).map(([key, value]) => [key, typeof value === "string" ? toBase64(value) : value]));
    const res = await finishRegistration(user, { credential: { ...credential, response }, code });
    expect(res.status, res.text).toBe(200);
  });

  it("hands out the fixed challenge MOCK only when PASSKEY_FIXED_TEST_CHALLENGE is set", async () => {
    const fixed = await createTestApp({ env: { PASSKEY_FIXED_TEST_CHALLENGE: "true" } });
    try {
      const p = await createProjectFixture(fixed, { config: { passkey_enabled: true } });
      const started = await call(fixed, "POST", "/auth/passkey/initiate-passkey-authentication", { creds: p.client, body: {} });
      expect(started.json.options_json.challenge).toBe(Buffer.from("MOCK").toString("base64url"));
    } finally {
      await fixed.close();
    }
    const random = await startSignIn();
    expect(random.options_json.challenge).not.toBe(Buffer.from("MOCK").toString("base64url"));
  });
});

describe("passkey_auth_enabled", () => {
  it("turned off removes the passkey: it no longer signs in", async () => {
    const { user, authenticator } = await userWithPasskey();
    const res = await call(t, "PATCH", "/users/me", { creds: as(project, user), body: { passkey_auth_enabled: false } });
    expect(res.json.passkey_auth_enabled).toBe(false);
    const refused = await signInWith(authenticator);
    expect(refused.json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
    const rows = await t.db.query("SELECT 1 FROM passkey_credentials WHERE user_id = $1", [user.userId]);
    expect(rows).toHaveLength(0);
  });

  it("can be turned on only by registering a passkey", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "PATCH", "/users/me", { creds: as(project, user), body: { passkey_auth_enabled: true } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
    const created = await call(t, "POST", "/users", { creds: project.server, body: { passkey_auth_enabled: true } });
    expect(created.json.code).toBe("SCHEMA_ERROR");
    const { user: withPasskey } = await userWithPasskey();
    const kept = await call(t, "PATCH", "/users/me", { creds: as(project, withPasskey), body: { passkey_auth_enabled: true } });
    expect(kept.json.passkey_auth_enabled).toBe(true);
  });

  it("goes with the user: a deleted user's passkey signs nobody in", async () => {
    const { user, authenticator } = await userWithPasskey();
    expect((await callUntyped(t, "DELETE", `/users/${user.userId}`, { creds: project.server })).status).toBe(200);
    expect((await signInWith(authenticator)).json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
  });
});

describe("a project with passkeys off", () => {
  it("answers PASSKEY_AUTHENTICATION_NOT_ENABLED on every route, even for a passkey registered before", async () => {
    const p = await createProjectFixture(t, { config: { passkey_enabled: true } });
    const { user, authenticator } = await userWithPasskey(p);
    const pending = await startSignIn(p);
    await setConfig(p, { passkey_enabled: false });
    const answers = [
      await callUntyped(t, "POST", "/auth/passkey/initiate-passkey-registration", { creds: as(p, user), body: {} }),
      await finishRegistration(user, { credential: new SoftAuthenticator().register({ challenge: "x", user: { id: "x" } }, { origin: ORIGIN }), code: "A".repeat(45) }, p),
      await callUntyped(t, "POST", "/auth/passkey/initiate-passkey-authentication", { creds: p.client, body: {} }),
      await finishSignIn({ authentication_response: authenticator.authenticate(pending.options_json, { origin: ORIGIN }), code: pending.code }, p),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("PASSKEY_AUTHENTICATION_NOT_ENABLED");
    }
  });

  it("is the default for a new project", async () => {
    const p = await createProjectFixture(t);
    const res = await callUntyped(t, "POST", "/auth/passkey/initiate-passkey-authentication", { creds: p.client });
    expect(res.json.code).toBe("PASSKEY_AUTHENTICATION_NOT_ENABLED");
  });
});

const all = ["client", "server", "admin"] as const;
const credentialBody = { id: "AA", rawId: "AA", type: "public-key", response: { clientDataJSON: "AA", attestationObject: "AA" } };
const assertionBody = { id: "AA", rawId: "AA", type: "public-key", response: { clientDataJSON: "AA", authenticatorData: "AA", signature: "AA" } };
describeSecurity({ operationId: "initiatePasskeyRegistration", method: "POST", path: "/auth/passkey/initiate-passkey-registration", access: all, userRequired: "USER_AUTHENTICATION_REQUIRED", body: {} });
describeSecurity({ operationId: "registerPasskey", method: "POST", path: "/auth/passkey/register", access: all, userRequired: "USER_AUTHENTICATION_REQUIRED", body: { credential: credentialBody, code: "A".repeat(45) } });
describeSecurity({ operationId: "initiatePasskeyAuthentication", method: "POST", path: "/auth/passkey/initiate-passkey-authentication", access: all, body: {} });
describeSecurity({ operationId: "signInWithPasskey", method: "POST", path: "/auth/passkey/sign-in", access: all, body: { authentication_response: assertionBody, code: "A".repeat(45) } });
