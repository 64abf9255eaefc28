import { beforeAll, describe, expect, it } from "vitest";
import { openSession, tokensForSession } from "../../services/sessions/sessions";
import { createUser } from "../../services/users/user-changes";
import { issueCode, MAX_ATTEMPTS } from "../../services/auth/verification-codes";
import { call, createProjectFixture, plainRefusal, signUpUser, uniqueEmail, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import type { MailCatcher } from "../../testing/mail-catcher";
import { useAppWithMail } from "../../testing/shared-app";
import { describeSecurity } from "../../testing/security-table";
import type { TestApp } from "../../testing/test-server";

const app = useAppWithMail();
let mail: MailCatcher;
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  ({ t, mail } = app());
  project = await createProjectFixture(t, { config: { magic_link_enabled: true } });
});

const CALLBACK = "http://localhost:3000/handler/magic-link-callback";
const send = (email: string, creds: Credentials = project.client, callbackUrl = CALLBACK) =>
  call(t, "POST", "/auth/otp/send-sign-in-code", { creds, body: { email, callback_url: callbackUrl } });
const signIn = (code: string, creds: Credentials = project.client, headers?: Record<string, string>) =>
  call(t, "POST", "/auth/otp/sign-in", { creds, body: { code }, headers });
const check = (code: string) => call(t, "POST", "/auth/otp/sign-in/check-code", { creds: project.client, body: { code } });
const me = (accessToken: string, creds: Credentials = project.client) => call(t, "GET", "/users/me", { creds: { ...creds, accessToken } });
/** Password sign-up leaves the address unverified; a code signs in only an account whose address is verified. */
async function verifyAddress(userId: string, fixture: ProjectFixture = project) {
  const res = await call(t, "PATCH", `/users/${userId}`, { creds: fixture.server, body: { primary_email_verified: true } });
  expect(res.json.primary_email_verified).toBe(true);
}

/** Sends a code to `email` and reads the OTP and the link's code from the message that arrives. */
async function mailed(email: string, creds: Credentials = project.client) {
  const before = mail.messages.length;
  const res = await send(email, creds);
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ nonce: expect.any(String) });
  const message = await mail.waitFor(email, (m) => mail.messages.indexOf(m) >= before);
  const otp = /Your sign-in code is ([A-Z0-9]{6})\./.exec(message.text)![1]!;
  const link = /Sign in: (\S+)/.exec(message.text)![1]!;
  return { nonce: res.json.nonce as string, otp, link, code: new URL(link).searchParams.get("code")!, message };
}

const createProjectUserWithPassword = () => signUpUser(t, project.client);

describe("one-time code sign-in", () => {
  it("signs up an unknown address with it verified, from the OTP typed together with the nonce", async () => {
    const email = uniqueEmail("otp-new");
    const { nonce, otp, link, code, message } = await mailed(email);
    expect(message.subject).toContain(otp);
    expect(link.startsWith(`${CALLBACK}?code=`)).toBe(true);
    expect(code).toBe(otp + nonce);

    expect((await check(otp.toLowerCase() + nonce)).json).toEqual({ is_code_valid: true });
    const res = await signIn(otp + nonce);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: expect.any(String), is_new_user: true });
    const user = await me(res.json.access_token);
    expect(user.json).toMatchObject({ id: res.json.user_id, primary_email: email, primary_email_verified: true, has_password: false, otp_auth_enabled: true });

    const again = await signIn(code);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("signs in an existing user whose address is verified, turning code sign-in on for them", async () => {
    const user = await createProjectUserWithPassword();
    await verifyAddress(user.userId);
    const { code } = await mailed(user.email);
    const res = await signIn(code);
    expect(res.json).toMatchObject({ user_id: user.userId, is_new_user: false });
    expect((await me(res.json.access_token)).json).toMatchObject({ primary_email_verified: true, otp_auth_enabled: true });
  });

  it("does not sign anyone into an account whose address is unverified, and leaves the code unused", async () => {
    // Whoever registered this address may not own the mailbox: its owner must not land in their account.
    const user = await createProjectUserWithPassword();
    const { code } = await mailed(user.email);
    const refused = await signIn(code);
    expect([refused.status, refused.json.code, refused.json.details]).toEqual([
      409,
      "USER_EMAIL_ALREADY_EXISTS",
      { email: user.email, would_work_if_email_was_verified: true },
    ]);
    await verifyAddress(user.userId);
    expect((await signIn(code)).json).toMatchObject({ user_id: user.userId, is_new_user: false });
  });

  it("keeps every code sent for an address usable, each once", async () => {
    const email = uniqueEmail("otp-twice");
    const first = await mailed(email);
    const second = await mailed(email);
    const signedUp = await signIn(first.code);
    expect(signedUp.json.is_new_user).toBe(true);
    expect((await signIn(second.code)).json).toMatchObject({ user_id: signedUp.json.user_id, is_new_user: false });
    expect((await signIn(first.code)).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("upgrades an anonymous user in place when the request carries their session", async () => {
    const tenancy = await t.deps.tenancies.load(project.projectId);
    const anon = await createUser(t.deps, tenancy, { isAnonymous: true });
    const tokens = await tokensForSession(t.deps, tenancy, anon.id, await openSession(t.db, tenancy, anon.id, { ip: null, userAgent: null }));
    const email = uniqueEmail("otp-anon");
    const { code } = await mailed(email);
    const res = await signIn(code, { ...project.client, accessToken: tokens.access_token }, { "x-stack-allow-anonymous-user": "true" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user_id: anon.id, is_new_user: true });
    expect((await me(res.json.access_token)).json).toMatchObject({ id: anon.id, is_anonymous: false, primary_email: email, primary_email_verified: true });
  });

  it("answers SIGN_UP_NOT_ENABLED for an unknown address when sign-up is closed, without using the code", async () => {
    const closed = await createProjectFixture(t, { config: { magic_link_enabled: true } });
    await call(t, "PATCH", "/internal/projects/current", { creds: closed.admin, body: { config: { sign_up_enabled: false } } });
    const { code } = await mailed(uniqueEmail("otp-closed"), closed.client);
    const res = await signIn(code, closed.client);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SIGN_UP_NOT_ENABLED");
    // Existing users still sign in.
    await verifyAddress(closed.user.userId, closed);
    const existing = await mailed(closed.user.email, closed.client);
    expect((await signIn(existing.code, closed.client)).json.user_id).toBe(closed.user.userId);
  });

  it("answers a bare 403 when the project has magic_link_enabled off, as Stack Auth does", async () => {
    const off = await createProjectFixture(t);
    const sent = await send(uniqueEmail(), off.client);
    expect(plainRefusal(sent)).toEqual([403, expect.stringContaining("turned off")]);
    expect(plainRefusal(await signIn("A".repeat(45), off.client))).toEqual([403, expect.stringContaining("turned off")]);
  });

  it("refuses an untrusted callback URL", async () => {
    const res = await send(uniqueEmail(), project.client, "https://evil.example/cb");
    expect(res.json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    // SPEC §5 quotes this message; the URL goes in the message, and no details keys are sent.
    expect(res.json.error).toBe("Redirect URL https://evil.example/cb is not trusted; should be relative.");
    expect(res.json).not.toHaveProperty("details");
  });

  it("answers VERIFICATION_CODE_NOT_FOUND for an unknown code", async () => {
    const res = await signIn("A".repeat(45));
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await check("ABC")).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("answers VERIFICATION_CODE_EXPIRED for an expired code", async () => {
    const tenancy = await t.deps.tenancies.load(project.projectId);
    const { code } = await issueCode(t.db, tenancy, { purpose: "otp_sign_in", expiresInMs: -1000, email: uniqueEmail("otp-expired") });
    expect((await signIn(code)).json.code).toBe("VERIFICATION_CODE_EXPIRED");
    expect((await check(code)).json.code).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("answers VERIFICATION_CODE_MAX_ATTEMPTS_REACHED after repeated wrong OTPs, even for the right one", async () => {
    const { otp, nonce } = await mailed(uniqueEmail("otp-guess"));
    const wrong = (otp === "AAAAAA" ? "BBBBBB" : "AAAAAA") + nonce;
    for (let i = 1; i < MAX_ATTEMPTS; i++) expect((await signIn(wrong)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await signIn(wrong)).json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    const res = await signIn(otp + nonce);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  it("does not accept a code of one project in another", async () => {
    const { code } = await mailed(uniqueEmail("otp-cross"));
    const other = await createProjectFixture(t, { config: { magic_link_enabled: true } });
    expect((await signIn(code, other.client)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("limits codes sent to one address, answering 429", async () => {
    const email = uniqueEmail("otp-limit");
    for (let i = 0; i < 5; i++) expect((await send(email)).status).toBe(200);
    expect((await send(email)).status).toBe(429);
    expect((await send(uniqueEmail())).status).toBe(200);
  });
});

const all = ["client", "server", "admin"] as const;
describeSecurity({ operationId: "sendSignInCode", method: "POST", path: "/auth/otp/send-sign-in-code", access: all, body: { email: "sec@example.com", callback_url: "/cb" } });
describeSecurity({ operationId: "signInWithCode", method: "POST", path: "/auth/otp/sign-in", access: all, body: { code: "A".repeat(45) } });
describeSecurity({ operationId: "checkSignInCode", method: "POST", path: "/auth/otp/sign-in/check-code", access: all, body: { code: "A".repeat(45) } });
