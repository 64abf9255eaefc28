/**
 * Which sign-ins ask for the second factor (services/auth/finish-sign-in.ts): password and
 * e-mailed-code sign-in do, and open no session before it; server-created sessions and
 * token refresh do not. And TOTP enrolment itself: validated, sealed at rest, null = off.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import type { MailCatcher } from "../../testing/mail-catcher";
import { useAppWithMail } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { newTotpSecret, totpCode } from "../../testing/totp";

const app = useAppWithMail();
let t: TestApp;
let mail: MailCatcher;
let project: ProjectFixture;
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  ({ t, mail } = app());
  project = await createProjectFixture(t, { config: { magic_link_enabled: true } });
});

/** A user made by the app's backend with a password and two-factor sign-in on, so with no session yet. */
async function serverMadeTotpUser() {
  const email = uniqueEmail("mfa");
  const secret = newTotpSecret();
  const res = await call(t, "POST", "/users", {
    creds: project.server,
    body: { primary_email: email, primary_email_auth_enabled: true, primary_email_verified: true, otp_auth_enabled: true, password: PASSWORD, totp_secret_base64: secret.base64 },
  });
  expect(res.status).toBe(201);
  expect(res.json.requires_totp_mfa).toBe(true);
  return { userId: res.json.id as string, email, secret: secret.bytes };
}

const sessionCount = async (userId: string) =>
  (await call(t, "GET", `/auth/sessions?user_id=${userId}`, { creds: project.server })).json.items.length as number;
const mfaSignIn = (code: string, totp: string) =>
  call(t, "POST", "/auth/mfa/sign-in", { creds: project.client, body: { type: "totp", totp, code } });

function expectMfaRequired(res: Awaited<ReturnType<typeof call>>): string {
  expect(res.status).toBe(400);
  expect(res.headers.get("x-stack-known-error")).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  expect(res.json).toEqual({ code: "MULTI_FACTOR_AUTHENTICATION_REQUIRED", error: expect.any(String), details: { attempt_code: expect.any(String) } });
  expect(res.json.details.attempt_code).toHaveLength(45);
  return res.json.details.attempt_code;
}

describe("sign-in of a user with two-factor sign-in on", () => {
  it("asks password sign-in for the second factor and opens no session until it is given", async () => {
    const user = await serverMadeTotpUser();
    const res = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: PASSWORD } });
    const attemptCode = expectMfaRequired(res);
    expect(res.json).not.toHaveProperty("access_token");
    expect(await sessionCount(user.userId)).toBe(0);

    const done = await mfaSignIn(attemptCode, totpCode(user.secret));
    expect(done.json).toMatchObject({ user_id: user.userId, is_new_user: false });
    expect(await sessionCount(user.userId)).toBe(1);
  });

  it("answers a wrong password as before, without an attempt code", async () => {
    const user = await serverMadeTotpUser();
    const res = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: "not it at all" } });
    expect(res.json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect(JSON.stringify(res.json)).not.toContain("attempt_code");
  });

  it("asks e-mailed-code sign-in for the second factor, having used the code, and opens no session until it is given", async () => {
    const user = await serverMadeTotpUser();
    const before = mail.messages.length;
    const sent = await call(t, "POST", "/auth/otp/send-sign-in-code", {
      creds: project.client,
      body: { email: user.email, callback_url: "http://localhost:3000/handler/magic-link-callback" },
    });
    expect(sent.status).toBe(200);
    const message = await mail.waitFor(user.email, (m) => mail.messages.indexOf(m) >= before);
    const code = new URL(/Sign in: (\S+)/.exec(message.text)![1]!).searchParams.get("code")!;

    const attemptCode = expectMfaRequired(await call(t, "POST", "/auth/otp/sign-in", { creds: project.client, body: { code } }));
    expect(await sessionCount(user.userId)).toBe(0);
    // The e-mailed code did its job: it cannot start a second attempt.
    expect((await call(t, "POST", "/auth/otp/sign-in", { creds: project.client, body: { code } })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");

    const done = await mfaSignIn(attemptCode, totpCode(user.secret));
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ user_id: user.userId, is_new_user: false });
    expect(await sessionCount(user.userId)).toBe(1);
  });

  it("lets the app's backend create a session without the second factor, and lets sessions refresh", async () => {
    const user = await serverMadeTotpUser();
    const made = await call(t, "POST", "/auth/sessions", { creds: project.server, body: { user_id: user.userId, is_impersonation: true } });
    expect(made.status).toBe(200);
    const refreshed = await call(t, "POST", "/auth/sessions/current/refresh", {
      creds: { ...project.client, refreshToken: made.json.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.access_token).toEqual(expect.any(String));
  });
});

describe("TOTP enrolment (PATCH /users/me totp_secret_base64)", () => {
  it("stores the secret sealed, never as given", async () => {
    const secret = newTotpSecret();
    const res = await call(t, "PATCH", "/users/me", {
      creds: { ...project.client, accessToken: project.user.accessToken },
      body: { totp_secret_base64: secret.base64 },
    });
    expect(res.json.requires_totp_mfa).toBe(true);
    const [row] = await t.db.query<{ totp_secret_encrypted: string }>("SELECT totp_secret_encrypted FROM users WHERE id = $1", [project.user.userId]);
    expect(row!.totp_secret_encrypted).toMatch(/^v1\./);
    for (const form of [secret.base64, secret.bytes.toString("hex"), secret.bytes.toString("base64url")]) expect(row!.totp_secret_encrypted).not.toContain(form);
    expect(t.deps.totpSecrets.open(row!.totp_secret_encrypted)).toBe(secret.base64);

    const off = await call(t, "PATCH", "/users/me", {
      creds: { ...project.client, accessToken: project.user.accessToken },
      body: { totp_secret_base64: null },
    });
    expect(off.json.requires_totp_mfa).toBe(false);
  });

  it("refuses secrets that are not 16 to 64 bytes of base64 with SCHEMA_ERROR", async () => {
    const bytes = (n: number) => Buffer.alloc(n, 7).toString("base64");
    const me = { ...project.client, accessToken: project.user.accessToken };
    for (const bad of ["", bytes(1), bytes(15), bytes(65), "not base64!", `${bytes(20)}\n`, bytes(20).replace(/=+$/, "")]) {
      const res = await call(t, "PATCH", "/users/me", { creds: me, body: { totp_secret_base64: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.code).toBe("SCHEMA_ERROR");
      expect(res.json.details.message).toContain("totp_secret_base64");
    }
    for (const good of [bytes(16), bytes(20), bytes(64)]) {
      expect((await call(t, "PATCH", "/users/me", { creds: me, body: { totp_secret_base64: good } })).json.requires_totp_mfa).toBe(true);
    }
    await call(t, "PATCH", "/users/me", { creds: me, body: { totp_secret_base64: null } });
  });

  it("turns the second factor off with null: sign-in gives tokens at once again", async () => {
    const user = await serverMadeTotpUser();
    const signIn = () => call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: PASSWORD } });
    expectMfaRequired(await signIn());
    await call(t, "PATCH", `/users/${user.userId}`, { creds: project.server, body: { totp_secret_base64: null } });
    const res = await signIn();
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(user.userId);
  });
});
