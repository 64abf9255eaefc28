import { beforeAll, describe, expect, it } from "vitest";
import { issueCode, MFA_MAX_ATTEMPTS } from "../../services/auth/verification-codes";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { signUpWithTotp, totpCode, wrongTotpCode } from "../../testing/totp";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const passwordSignIn = (user: { email: string; password: string }, p: ProjectFixture = project) =>
  call(t, "POST", "/auth/password/sign-in", { creds: p.client, body: { email: user.email, password: user.password } });
const mfaSignIn = (code: string, totp: string, p: ProjectFixture = project) =>
  call(t, "POST", "/auth/mfa/sign-in", { creds: p.client, body: { type: "totp", totp, code } });
const checkAttempt = (code: string) => call(t, "POST", "/auth/mfa/sign-in/check-code", { creds: project.client, body: { code } });

/** A TOTP user who passed the password step, and the attempt code that step answered. */
async function firstFactorPassed(p: ProjectFixture = project) {
  const user = await signUpWithTotp(t, p.client);
  return { ...user, attemptCode: await attemptFor(user, p) };
}

async function attemptFor(user: { email: string; password: string }, p: ProjectFixture = project): Promise<string> {
  const res = await passwordSignIn(user, p);
  expect(res.status).toBe(400);
  expect(res.json.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  return res.json.details.attempt_code as string;
}

describe("POST /auth/mfa/sign-in", () => {
  it("signs in with the attempt code and the current TOTP code", async () => {
    const user = await firstFactorPassed();
    expect((await checkAttempt(user.attemptCode)).json).toEqual({ is_code_valid: true });

    const res = await mfaSignIn(user.attemptCode, totpCode(user.secret));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: user.userId, is_new_user: false });
    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: res.json.access_token } });
    expect(me.json).toMatchObject({ id: user.userId, requires_totp_mfa: true });

    expect((await mfaSignIn(user.attemptCode, totpCode(user.secret, Date.now(), 1))).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    expect((await checkAttempt(user.attemptCode)).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("answers INVALID_TOTP_CODE for a wrong code and keeps the attempt for the right one", async () => {
    const user = await firstFactorPassed();
    for (const wrong of [wrongTotpCode(user.secret), "12345", "abcdef", ""]) {
      const res = await mfaSignIn(user.attemptCode, wrong);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("INVALID_TOTP_CODE");
    }
    expect((await mfaSignIn(user.attemptCode, totpCode(user.secret))).status).toBe(200);
  });

  it(`ends the attempt after ${MFA_MAX_ATTEMPTS} wrong codes, even for the right code`, async () => {
    const user = await firstFactorPassed();
    const wrong = wrongTotpCode(user.secret);
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) expect((await mfaSignIn(user.attemptCode, wrong)).json.code).toBe("INVALID_TOTP_CODE");
    expect((await mfaSignIn(user.attemptCode, wrong)).json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    const res = await mfaSignIn(user.attemptCode, totpCode(user.secret));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    expect((await checkAttempt(user.attemptCode)).json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    // A new first factor gives a new attempt.
    expect((await mfaSignIn(await attemptFor(user), totpCode(user.secret))).status).toBe(200);
  });

  it("never accepts a code twice for a user, not even in another attempt, nor an older code after a newer one", async () => {
    const user = await firstFactorPassed();
    const now = Date.now();
    expect((await mfaSignIn(user.attemptCode, totpCode(user.secret, now))).status).toBe(200);

    const second = await attemptFor(user);
    expect((await mfaSignIn(second, totpCode(user.secret, now))).json.code).toBe("INVALID_TOTP_CODE");
    expect((await mfaSignIn(second, totpCode(user.secret, now, -1))).json.code).toBe("INVALID_TOTP_CODE");
    // The next step's code is new, and within the drift allowed.
    expect((await mfaSignIn(second, totpCode(user.secret, now, 1))).status).toBe(200);
  });

  it("accepts one code once when two attempts race with it", async () => {
    const user = await firstFactorPassed();
    const attempts = [user.attemptCode, await attemptFor(user), await attemptFor(user)];
    const code = totpCode(user.secret);
    const answers = await Promise.all(attempts.map((attempt) => mfaSignIn(attempt, code)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((res) => res.status === 400).map((res) => res.json.code)).toEqual(["INVALID_TOTP_CODE", "INVALID_TOTP_CODE"]);
    const sessions = await call(t, "GET", `/auth/sessions?user_id=${user.userId}`, { creds: project.server });
    // The sign-up's session and the one MFA sign-in.
    expect(sessions.json.items).toHaveLength(2);
  });

  it("answers the verification-code errors for an unknown, malformed or expired attempt code", async () => {
    const user = await signUpWithTotp(t, project.client);
    expect((await mfaSignIn("A".repeat(45), "123456")).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await mfaSignIn("short", "123456")).status).toBe(404);
    expect((await checkAttempt("A".repeat(45))).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");

    const tenancy = await t.deps.tenancies.load(project.projectId);
    const expired = await issueCode(t.db, tenancy, { purpose: "mfa_sign_in", expiresInMs: -1000, userId: user.userId, data: { is_new_user: false } });
    const res = await mfaSignIn(expired.code, totpCode(user.secret));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VERIFICATION_CODE_EXPIRED");
    expect((await checkAttempt(expired.code)).json.code).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("issues attempt codes that live five minutes and are stored only as digests", async () => {
    const before = Date.now();
    const user = await firstFactorPassed();
    const rows = await t.db.query<{ code_hash: string; nonce_hash: string; expires_at: Date; data: unknown; project_id: string }>(
      "SELECT code_hash, nonce_hash, expires_at, data, project_id FROM verification_codes WHERE purpose = 'mfa_sign_in' AND user_id = $1",
      [user.userId],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain(user.attemptCode);
    expect(JSON.stringify(row)).not.toContain(user.attemptCode.slice(6));
    expect(row.project_id).toBe(project.projectId);
    expect(row.data).toEqual({ is_new_user: false });
    const lifetime = new Date(row.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(5 * 60_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 5_000);
  });

  it("does not accept an attempt code of one project in another", async () => {
    const user = await firstFactorPassed();
    const other = await createProjectFixture(t);
    expect((await mfaSignIn(user.attemptCode, totpCode(user.secret), other)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await mfaSignIn(user.attemptCode, totpCode(user.secret))).status).toBe(200);
  });

  it("ends the attempt when the user turns two-factor sign-in off or is deleted in between", async () => {
    const switchedOff = await firstFactorPassed();
    await call(t, "PATCH", `/users/${switchedOff.userId}`, { creds: project.server, body: { totp_secret_base64: null } });
    expect((await mfaSignIn(switchedOff.attemptCode, totpCode(switchedOff.secret))).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await checkAttempt(switchedOff.attemptCode)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    // Signing in again asks for what the account needs now: nothing more.
    expect((await passwordSignIn(switchedOff)).status).toBe(200);

    const deleted = await firstFactorPassed();
    expect((await call(t, "DELETE", `/users/${deleted.userId}`, { creds: project.server })).status).toBe(200);
    expect((await mfaSignIn(deleted.attemptCode, totpCode(deleted.secret))).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("limits TOTP checks per user (429), without letting unknown attempt codes count against anyone", async () => {
    const user = await firstFactorPassed();
    const other = await firstFactorPassed();
    for (let i = 0; i < 30; i++) expect((await mfaSignIn("B".repeat(45), "123456")).status).toBe(404);
    const wrong = wrongTotpCode(user.secret);
    for (let i = 0; i < 20; i++) expect((await mfaSignIn(user.attemptCode, wrong)).status).toBe(400);
    const limited = await mfaSignIn(await attemptFor(user), totpCode(user.secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await mfaSignIn(other.attemptCode, totpCode(other.secret))).status).toBe(200);
  });

  it("refuses other second-factor types and unknown keys with SCHEMA_ERROR", async () => {
    const bodies = [
      { type: "sms", totp: "123456", code: "A".repeat(45) },
      { type: "totp", totp: "123456", code: "A".repeat(45), extra: true },
      { type: "totp", code: "A".repeat(45) },
    ];
    for (const body of bodies) {
      const res = await callUntyped(t, "POST", "/auth/mfa/sign-in", { creds: project.client, body });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("SCHEMA_ERROR");
    }
  });
});

const all = ["client", "server", "admin"] as const;
const body = { type: "totp", totp: "123456", code: "A".repeat(45) };
describeSecurity({ operationId: "signInWithMfa", method: "POST", path: "/auth/mfa/sign-in", access: all, body });
describeSecurity({ operationId: "checkMfaAttemptCode", method: "POST", path: "/auth/mfa/sign-in/check-code", access: all, body: { code: "A".repeat(45) } });
