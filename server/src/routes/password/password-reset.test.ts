import { beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "../../db/queries/email-outbox";
import { issueCode, MAX_ATTEMPTS } from "../../services/auth/verification-codes";
import { call, callUntyped, createProjectFixture, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
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
  project = await createProjectFixture(t);
});

const CALLBACK = "http://localhost:3000/handler/password-reset";
const sendReset = (body: unknown, creds = project.client) => callUntyped(t, "POST", "/auth/password/send-reset-code", { creds, body });
const reset = (body: unknown) => callUntyped(t, "POST", "/auth/password/reset", { creds: project.client, body });
const check = (code: string) => call(t, "POST", "/auth/password/reset/check-code", { creds: project.client, body: { code } });
const signIn = (email: string, password: string) => call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password } });
const refresh = (refreshToken: string) =>
  call(t, "POST", "/auth/oauth/token", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: project.projectId, client_secret: project.keys.publishableKey }).toString(),
  });

/** Asks for a reset of `email` and returns the code from the link in the message that arrives. */
async function mailedCode(email: string, callbackUrl = CALLBACK): Promise<{ code: string; link: string }> {
  const before = mail.messages.length;
  const res = await sendReset({ email, callback_url: callbackUrl });
  expect(res.json).toEqual({ success: "maybe, only if user with e-mail exists" });
  const message = await mail.waitFor(email, (m) => mail.messages.indexOf(m) >= before && /Reset your password/.test(m.subject));
  const link = /Reset password: (\S+)/.exec(message.text)![1]!;
  return { code: new URL(link, "http://relative.invalid").searchParams.get("code")!, link };
}

async function expiredCode(userId: string, email: string) {
  const tenancy = await t.deps.tenancies.load(project.projectId);
  return (await issueCode(t.db, tenancy, { purpose: "password_reset", expiresInMs: -1000, userId, email })).code;
}

describe("password reset by e-mailed code", () => {
  it("mails a link to the callback URL, checks the code, resets the password and ends every session", async () => {
    const user = await signUpUser(t, project.client);
    const { code, link } = await mailedCode(user.email);
    expect(link.startsWith(`${CALLBACK}?code=`)).toBe(true);

    expect((await check(code)).json).toEqual({ is_code_valid: true });
    // Checking does not use the code up.
    expect((await check(code)).json).toEqual({ is_code_valid: true });

    const res = await reset({ code, password: "reset password 1" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await signIn(user.email, "reset password 1")).status).toBe(200);
    expect((await signIn(user.email, user.password)).json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect((await refresh(user.refreshToken)).json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");

    const again = await reset({ code, password: "reset password 2" });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    expect((await check(code)).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("keeps a relative callback URL relative", async () => {
    const user = await signUpUser(t, project.client);
    const { link } = await mailedCode(user.email, "/handler/password-reset?after=1");
    expect(link).toMatch(/^\/handler\/password-reset\?after=1&code=[A-Z0-9]+$/);
  });

  it("answers the same for an unknown address and sends it nothing", async () => {
    const nobody = uniqueEmail("nobody");
    const res = await sendReset({ email: nobody, callback_url: CALLBACK });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: "maybe, only if user with e-mail exists" });
    const known = await sendReset({ email: project.user.email, callback_url: CALLBACK });
    expect(known.json).toEqual(res.json);
    await mail.waitFor(project.user.email, (m) => /Reset your password/.test(m.subject));
    const tenancy = await t.deps.tenancies.load(project.projectId);
    const outbox = await listOutbox(t.db, tenancy, { limit: 100 });
    expect(outbox.emails.some((e) => e.to === nobody)).toBe(false);
    expect(mail.messages.some((m) => m.to.includes(nobody))).toBe(false);
  });

  it("refuses an untrusted callback URL before anything is sent", async () => {
    const res = await sendReset({ email: project.user.email, callback_url: "https://evil.example/steal" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
  });

  it("retires an older code when a newer one is sent", async () => {
    const user = await signUpUser(t, project.client);
    const first = await mailedCode(user.email);
    const second = await mailedCode(user.email);
    expect((await check(first.code)).json.code).toMatch(/^VERIFICATION_CODE_/);
    expect((await check(second.code)).json).toEqual({ is_code_valid: true });
  });

  it("answers VERIFICATION_CODE_NOT_FOUND for an unknown or malformed code", async () => {
    const unknown = await reset({ code: "A".repeat(45), password: "reset password 1" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await check("short")).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("answers VERIFICATION_CODE_EXPIRED for an expired code", async () => {
    const user = await signUpUser(t, project.client);
    const code = await expiredCode(user.userId, user.email);
    const res = await reset({ code, password: "reset password 1" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VERIFICATION_CODE_EXPIRED");
    expect((await check(code)).json.code).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("answers VERIFICATION_CODE_MAX_ATTEMPTS_REACHED after repeated wrong guesses, even for the right code", async () => {
    const user = await signUpUser(t, project.client);
    const { code } = await mailedCode(user.email);
    const wrongOtp = code.startsWith("AAAAAA") ? "BBBBBB" : "AAAAAA";
    const wrong = wrongOtp + code.slice(6);
    for (let i = 1; i < MAX_ATTEMPTS; i++) expect((await check(wrong)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await check(wrong)).json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    const res = await reset({ code, password: "reset password 1" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("refuses a too short new password without using the code up", async () => {
    const user = await signUpUser(t, project.client);
    const { code } = await mailedCode(user.email);
    const res = await reset({ code, password: "short" });
    expect(res.json).toMatchObject({ code: "PASSWORD_TOO_SHORT", details: { min_length: 8 } });
    expect((await reset({ code, password: "x".repeat(71) })).json).toMatchObject({ code: "PASSWORD_TOO_LONG", details: { maxLength: 70 } });
    expect((await reset({ code, password: "long enough now" })).status).toBe(200);
  });

  it("does not accept a code of one project in another", async () => {
    const user = await signUpUser(t, project.client);
    const { code } = await mailedCode(user.email);
    const other = await createProjectFixture(t);
    const res = await call(t, "POST", "/auth/password/reset", { creds: other.client, body: { code, password: "reset password 1" } });
    expect(res.json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("limits reset requests per address, answering 429", async () => {
    const user = await signUpUser(t, project.client);
    for (let i = 0; i < 5; i++) expect((await sendReset({ email: user.email, callback_url: CALLBACK })).status).toBe(200);
    expect((await sendReset({ email: user.email.toUpperCase(), callback_url: CALLBACK })).status).toBe(429);
    expect((await sendReset({ email: uniqueEmail(), callback_url: CALLBACK })).status).toBe(200);
  });

  it("answers PASSWORD_AUTHENTICATION_NOT_ENABLED when the project turned passwords off", async () => {
    const off = await createProjectFixture(t);
    await call(t, "PATCH", "/internal/projects/current", { creds: off.admin, body: { config: { credential_enabled: false } } });
    const res = await sendReset({ email: off.user.email, callback_url: CALLBACK }, off.client);
    expect(res.json.code).toBe("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  });
});

const all = ["client", "server", "admin"] as const;
describeSecurity({ operationId: "sendPasswordResetCode", method: "POST", path: "/auth/password/send-reset-code", access: all, body: { email: "sec@example.com", callback_url: "/cb" } });
describeSecurity({ operationId: "resetPassword", method: "POST", path: "/auth/password/reset", access: all, body: { code: "A".repeat(45), password: "correct horse" } });
describeSecurity({ operationId: "checkPasswordResetCode", method: "POST", path: "/auth/password/reset/check-code", access: all, body: { code: "A".repeat(45) } });
