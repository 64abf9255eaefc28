import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, uniqueEmail, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity, type SecurityContext } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { newTotpSecret } from "../../testing/totp";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

const APP_URL = "https://app.example.com";
const CALLBACK = `${APP_URL}/handler/magic-link-callback`;
// E-mailed codes are off (the default): an impersonation link works all the same.
const CONFIG = { domains: [{ domain: APP_URL, handler_path: "/handler" }] };

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: CONFIG });
});

const makeLink = (userId: string, extra: Record<string, unknown> = {}, creds: Credentials = project.server) =>
  call(t, "POST", "/auth/sessions/impersonation-links", { creds, body: { user_id: userId, callback_url: CALLBACK, ...extra } });

const codeOf = (url: string) => new URL(url).searchParams.get("code")!;
const redeem = (code: string, creds: Credentials = project.client) => call(t, "POST", "/auth/otp/sign-in", { creds, body: { code } });
type ListedSession = { id: string; is_impersonation: boolean };
const claimsOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()) as { sub: string; refresh_token_id: string };

describe("POST /auth/sessions/impersonation-links", () => {
  it("makes a link to the app's page whose code signs in as the user, once, in a session marked as an impersonation", async () => {
    const user = await signUpUser(t, project.client);
    const before = Date.now();
    const link = await makeLink(user.userId, { expires_in_millis: 3_600_000 });
    expect(link.status).toBe(200);
    expect(link.json.url.startsWith(`${CALLBACK}?code=`)).toBe(true);
    expect(link.json.expires_at_millis).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(link.json.expires_at_millis).toBeLessThanOrEqual(Date.now() + 5 * 60_000);

    const code = codeOf(link.json.url);
    expect((await call(t, "POST", "/auth/otp/sign-in/check-code", { creds: project.client, body: { code } })).json).toEqual({ is_code_valid: true });
    const signedIn = await redeem(code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ user_id: user.userId, is_new_user: false });
    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: signedIn.json.access_token } });
    expect(me.json.id).toBe(user.userId);

    const sessions = await call(t, "GET", `/auth/sessions?user_id=${user.userId}`, { creds: project.server });
    const opened = (sessions.json.items as ListedSession[]).find((session) => session.id === claimsOf(signedIn.json.access_token).refresh_token_id);
    expect(opened?.is_impersonation).toBe(true);
    // The user does not see it among their own sessions.
    const own = await call(t, "GET", "/auth/sessions?user_id=me", { creds: { ...project.client, accessToken: user.accessToken } });
    expect((own.json.items as ListedSession[]).map((session) => session.id)).not.toContain(opened!.id);

    expect((await redeem(code)).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("opens one session when the same link is redeemed twice at once; the other answers a known error", async () => {
    const user = await signUpUser(t, project.client);
    const code = codeOf((await makeLink(user.userId)).json.url);
    const answers = await Promise.all([redeem(code), redeem(code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    const sessions = await call(t, "GET", `/auth/sessions?user_id=${user.userId}`, { creds: project.server });
    expect((sessions.json.items as ListedSession[]).filter((session) => session.is_impersonation)).toHaveLength(1);
  });

  it("gives the session the lifetime asked for, counted from the sign-in", async () => {
    const user = await signUpUser(t, project.client);
    const link = await makeLink(user.userId, { expires_in_millis: 1 });
    const signedIn = await redeem(codeOf(link.json.url));
    expect(signedIn.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refresh = await call(t, "POST", "/auth/sessions/current/refresh", { creds: project.client, headers: { "x-stack-refresh-token": signedIn.json.refresh_token } });
    expect(refresh.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("signs in a user who has two-factor sign-in on without asking for the second factor", async () => {
    const email = uniqueEmail("imp-mfa");
    const created = await call(t, "POST", "/users", { creds: project.server, body: { primary_email: email, totp_secret_base64: newTotpSecret().base64 } });
    const signedIn = await redeem(codeOf((await makeLink(created.json.id)).json.url));
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user_id).toBe(created.json.id);
  });

  it("retires the user's earlier link when a new one is made, and lets an expired one lapse", async () => {
    const user = await signUpUser(t, project.client);
    const first = codeOf((await makeLink(user.userId)).json.url);
    const second = codeOf((await makeLink(user.userId)).json.url);
    expect((await redeem(first)).json.code).toBe("VERIFICATION_CODE_EXPIRED");
    await t.db.query("UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE project_id = $1 AND user_id = $2", [project.projectId, user.userId]);
    expect((await redeem(second)).json.code).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("leads nowhere once the user is deleted, and is no code for another project", async () => {
    const user = await signUpUser(t, project.client);
    const code = codeOf((await makeLink(user.userId)).json.url);
    const other = await createProjectFixture(t, { config: { magic_link_enabled: true } });
    expect((await redeem(code, other.client)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await call(t, "DELETE", `/users/${user.userId}`, { creds: project.server })).status).toBe(200);
    expect((await redeem(code)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("leaves e-mailed codes off: any other code answers the plain 403", async () => {
    expect(plainRefusal(await redeem("A".repeat(45)))).toEqual([403, expect.stringContaining("turned off")]);
  });

  it("refuses an untrusted callback URL, an unknown or other project's user, and bad input", async () => {
    const untrusted = await call(t, "POST", "/auth/sessions/impersonation-links", {
      creds: project.server,
      body: { user_id: project.user.userId, callback_url: "https://evil.example/handler/magic-link-callback" },
    });
    expect(untrusted.json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    const unknown = "3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11";
    expect((await makeLink(unknown)).json).toMatchObject({ code: "USER_ID_DOES_NOT_EXIST", details: { user_id: unknown } });
    const other = await createProjectFixture(t, { config: CONFIG });
    expect((await makeLink(project.user.userId, {}, other.server)).json.code).toBe("USER_ID_DOES_NOT_EXIST");
    for (const body of [
      {},
      { user_id: project.user.userId },
      { user_id: project.user.userId, callback_url: "/handler/magic-link-callback" },
      { user_id: project.user.userId, callback_url: CALLBACK, expires_in_millis: 0 },
      { user_id: project.user.userId, callback_url: CALLBACK, extra: 1 },
    ]) {
      expect((await callUntyped(t, "POST", "/auth/sessions/impersonation-links", { creds: project.server, body })).json.code).toBe("SCHEMA_ERROR");
    }
  });
});

describeSecurity({
  operationId: "createImpersonationLink",
  method: "POST",
  path: "/auth/sessions/impersonation-links",
  access: ["server", "admin"],
  body: (ctx: SecurityContext) => ({ user_id: ctx.project.user.userId, callback_url: "http://localhost:3000/handler/magic-link-callback" }),
});
