import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, type Credentials, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { knownErrors, type KnownErrorCode } from "../../errors";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import { createTestApp, type TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const asUser = (user: Pick<SignedInUser, "accessToken">, p: ProjectFixture = project): Credentials => ({ ...p.client, accessToken: user.accessToken });
const start = (body: Record<string, unknown> = {}, p: ProjectFixture = project) => callUntyped(t, "POST", "/auth/cli", { creds: p.client, body });
const poll = (pollingCode: string, p: ProjectFixture = project) => call(t, "POST", "/auth/cli/poll", { creds: p.client, body: { polling_code: pollingCode } });
const complete = (creds: Credentials, body: { login_code: string; mode?: "check" | "claim-anon-session" | "complete"; refresh_token?: string }) =>
  call(t, "POST", "/auth/cli/complete", { creds, body });
const me = (accessToken: string, p: ProjectFixture = project) =>
  call(t, "GET", "/users/me", { creds: { ...p.client, accessToken }, headers: { "x-stack-allow-anonymous-user": "true" } });
const refresh = (refreshToken: string, p: ProjectFixture = project) =>
  t.request("/api/v1/auth/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: p.projectId, client_secret: p.keys.publishableKey }).toString(),
  });
const sessionsOf = async (userId: string) =>
  (await call(t, "GET", `/auth/sessions?user_id=${userId}`, { creds: project.server })).json.items as Array<{ id: string; is_impersonation: boolean }>;

/** A refusal Stack Auth answers as a bare 400 and a sentence, which Gatehouse answers the same way. */
function expectPlain(res: { status: number; text: string; headers: Headers }, code: KnownErrorCode) {
  expect([res.status, res.headers.get("content-type"), res.headers.get("x-stack-known-error")]).toEqual([400, expect.stringMatching(/^text\/plain/), null]);
  expect(res.text).toBe(knownErrors[code].message({} as never));
}

async function started(body: Record<string, unknown> = {}, p: ProjectFixture = project) {
  const res = await start(body, p);
  expect(res.status, res.text).toBe(200);
  return res.json as { polling_code: string; login_code: string; expires_at: string };
}

describe("CLI login", () => {
  it("waits, then hands the confirming user's new session to exactly one poll, then reads used", async () => {
    const user = await signUpUser(t, project.client);
    const before = Date.now();
    const login = await started();
    expect(Object.keys(login).sort()).toEqual(["expires_at", "login_code", "polling_code"]);
    expect(login.polling_code).not.toBe(login.login_code);
    // Two hours by default (Stack's default), as an ISO timestamp.
    const lifetime = Date.parse(login.expires_at) - before;
    expect(lifetime).toBeGreaterThan(2 * 3600_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 3600_000 + 5_000);

    const waiting = await poll(login.polling_code);
    expect(waiting.status).toBe(200);
    expect(waiting.json).toEqual({ status: "waiting" });

    expect((await complete(project.client, { login_code: login.login_code, mode: "check" })).json).toEqual({ cli_session_state: "none" });
    const sessionsBefore = await sessionsOf(user.userId);
    const confirmed = await complete(asUser(user), { login_code: login.login_code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ success: true });

    const success = await poll(login.polling_code);
    expect(success.status).toBe(201);
    expect(success.json).toEqual({ status: "success", refresh_token: expect.any(String) });
    const refreshToken = (success.json as { refresh_token: string }).refresh_token;
    expect(refreshToken).not.toBe(user.refreshToken);
    // A session of its own: the browser's is untouched and can be ended separately.
    const sessionsAfter = await sessionsOf(user.userId);
    expect(sessionsAfter).toHaveLength(sessionsBefore.length + 1);
    const refreshed = await refresh(refreshToken);
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect((await me(access_token)).json.id).toBe(user.userId);

    for (let i = 0; i < 2; i++) {
      const again = await poll(login.polling_code);
      expect(again.status).toBe(200);
      expect(again.json).toEqual({ status: "used" });
    }
    expect((await complete(asUser(user), { login_code: login.login_code })).json.code).toBe("CLI_AUTH_USED_ERROR");
    expect((await complete(project.client, { login_code: login.login_code, mode: "check" })).json.code).toBe("CLI_AUTH_USED_ERROR");
  });

  it("gives the session to one of many concurrent polls, and lets one of two concurrent confirmations through", async () => {
    const [first, second] = [await signUpUser(t, project.client), await signUpUser(t, project.client)];
    const login = await started();
    const confirmations = await Promise.all([first, second].map((user) => complete(asUser(user), { login_code: login.login_code })));
    expect(confirmations.map((res) => res.json.code ?? "ok").sort()).toEqual(["CLI_AUTH_USED_ERROR", "ok"]);
    const polls = await Promise.all(Array.from({ length: 4 }, () => poll(login.polling_code)));
    expect(polls.map((res) => res.status).sort()).toEqual([200, 200, 200, 201]);
    expect(polls.filter((res) => res.status === 200).map((res) => res.json)).toEqual(Array(3).fill({ status: "used" }));
  });

  it("stores the codes only as digests, scoped to the project", async () => {
    const login = await started();
    const rows = await t.db.query<Record<string, unknown>>("SELECT * FROM verification_codes WHERE purpose IN ('cli_login', 'cli_polling') AND project_id = $1", [
      project.projectId,
    ]);
    const dump = JSON.stringify(rows);
    for (const code of [login.login_code, login.polling_code]) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.slice(6));
    }
    // Another project knows neither code.
    const other = await createProjectFixture(t);
    expect((await poll(login.polling_code, other)).json.code).toBe("INVALID_POLLING_CODE");
    expect((await complete(asUser(other.user, other), { login_code: login.login_code })).json.code).toBe("CLI_AUTH_ERROR");
    expect((await complete(other.client, { login_code: login.login_code, mode: "check" })).json.code).toBe("CLI_AUTH_ERROR");
    expect((await poll(login.polling_code)).json).toEqual({ status: "waiting" });
  });

  it("expires: polls read expired, and the login code can no longer be confirmed", async () => {
    const user = await signUpUser(t, project.client);
    const login = await started({ expires_in_millis: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await poll(login.polling_code)).json).toEqual({ status: "expired" });
    const res = await complete(asUser(user), { login_code: login.login_code });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "CLI_AUTH_EXPIRED_ERROR", details: { message: expect.any(String) } });
    expect((await complete(project.client, { login_code: login.login_code, mode: "check" })).json.code).toBe("CLI_AUTH_EXPIRED_ERROR");
  });

  it("takes an expiry up to 24 hours and refuses others with SCHEMA_ERROR", async () => {
    const before = Date.now();
    const day = await started({ expires_in_millis: 24 * 3600_000 });
    expect(Date.parse(day.expires_at) - before).toBeGreaterThan(24 * 3600_000 - 5_000);
    for (const expires_in_millis of [24 * 3600_000 + 1, 0, -5, 1.5, "60000"]) {
      const res = await start({ expires_in_millis });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("SCHEMA_ERROR");
    }
    // The Stack SDK may send no body fields at all; an unknown one is refused.
    expect((await callUntyped(t, "POST", "/auth/cli", { creds: project.client })).status).toBe(200);
    expect((await start({ extra: true })).json.code).toBe("SCHEMA_ERROR");
  });

  it("answers INVALID_POLLING_CODE and CLI_AUTH_ERROR for unknown codes, and refuses a polling code as a login code", async () => {
    const login = await started();
    expect((await poll("A".repeat(45))).json.code).toBe("INVALID_POLLING_CODE");
    expect((await poll("short")).json.code).toBe("INVALID_POLLING_CODE");
    expect((await poll(login.login_code)).json.code).toBe("INVALID_POLLING_CODE");
    const res = await complete(asUser(project.user), { login_code: login.polling_code });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "CLI_AUTH_ERROR", details: { message: expect.any(String) } });
    expect(res.headers.get("x-stack-known-error")).toBe("CLI_AUTH_ERROR");
  });

  it("needs a signed-in, unrestricted user to confirm, but none to check", async () => {
    const login = await started();
    expectPlain(await complete(project.client, { login_code: login.login_code }), "CLI_REFRESH_TOKEN_REQUIRED");
    const anonymous = await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client });
    const refused = await call(t, "POST", "/auth/cli/complete", {
      creds: asUser({ accessToken: anonymous.json.access_token }),
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { login_code: login.login_code },
    });
    expect(refused.json).toMatchObject({ code: "RESTRICTED_USER_NOT_ALLOWED", details: { restricted_reason: { type: "anonymous" } } });
    expect((await poll(login.polling_code)).json).toEqual({ status: "waiting" });
  });

  it("hands the tool the very session whose refresh token the confirm page sends (the Stack SDK's page), kept sealed until polled", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signUpUser(t, project.client);
    const login = await started();
    expectPlain(await complete(asUser(user), { login_code: login.login_code, refresh_token: "not-a-token" }), "CLI_REFRESH_TOKEN_INVALID");
    // The refresh token is the authority, whatever access token comes beside it, as for Stack's backend.
    expect((await complete(asUser(user), { login_code: login.login_code, refresh_token: other.refreshToken })).json).toEqual({ success: true });
    const rows = await t.db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM verification_codes WHERE purpose = 'cli_polling' AND project_id = $1 AND user_id = $2",
      [project.projectId, other.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data.handover).toEqual(expect.any(String));
    expect(JSON.stringify(rows)).not.toContain(other.refreshToken);
    const sessionsBefore = await sessionsOf(other.userId);

    const success = await poll(login.polling_code);
    expect([success.status, success.json]).toEqual([201, { status: "success", refresh_token: other.refreshToken }]);
    expect(await sessionsOf(other.userId)).toHaveLength(sessionsBefore.length);
    const after = await t.db.query<{ data: Record<string, unknown> }>("SELECT data FROM verification_codes WHERE purpose = 'cli_polling' AND project_id = $1 AND user_id = $2", [
      project.projectId,
      other.userId,
    ]);
    expect(after[0]!.data).not.toHaveProperty("handover");
    expect((await poll(login.polling_code)).json).toEqual({ status: "used" });
  });

  it("reads expired when the session handed over ends before the poll", async () => {
    const user = await signUpUser(t, project.client);
    const login = await started();
    expect((await complete(project.client, { login_code: login.login_code, refresh_token: user.refreshToken })).json).toEqual({ success: true });
    expect((await call(t, "DELETE", "/auth/sessions/current", { creds: asUser(user) })).status).toBe(200);
    expect((await poll(login.polling_code)).json).toEqual({ status: "expired" });
  });

  it("keeps an impersonation an impersonation", async () => {
    const user = await signUpUser(t, project.client);
    const impersonation = await call(t, "POST", "/auth/sessions", { creds: project.server, body: { user_id: user.userId, is_impersonation: true } });
    const login = await started();
    expect((await complete(asUser({ accessToken: impersonation.json.access_token }), { login_code: login.login_code })).json).toEqual({ success: true });
    expect((await poll(login.polling_code)).status).toBe(201);
    const sessions = await sessionsOf(user.userId);
    expect(sessions.filter((session) => session.is_impersonation)).toHaveLength(2);
  });

  it("reads expired when the confirming user is deleted before the poll", async () => {
    const user = await signUpUser(t, project.client);
    const login = await started();
    expect((await complete(asUser(user), { login_code: login.login_code })).status).toBe(200);
    expect((await call(t, "DELETE", `/users/${user.userId}`, { creds: project.server })).status).toBe(200);
    expect((await poll(login.polling_code)).json).toEqual({ status: "expired" });
  });

  describe("started by a tool running as an anonymous user", () => {
    async function anonymousLogin() {
      const anonymous = await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client });
      const login = await started({ anon_refresh_token: anonymous.json.refresh_token });
      return { anonymousUserId: anonymous.json.user_id as string, anonymousRefreshToken: anonymous.json.refresh_token as string, login };
    }

    it("lets the confirm page take the anonymous session over once, sign up as that user, and confirm", async () => {
      const { anonymousUserId, anonymousRefreshToken, login } = await anonymousLogin();
      expect((await complete(project.client, { login_code: login.login_code, mode: "check" })).json).toEqual({ cli_session_state: "anonymous" });
      const claimed = await complete(project.client, { login_code: login.login_code, mode: "claim-anon-session" });
      // The tool's own anonymous session, which the browser now shares (as with Stack's backend).
      expect(claimed.json).toEqual({ access_token: expect.any(String), refresh_token: anonymousRefreshToken });
      const tokens = claimed.json as { access_token: string; refresh_token: string };
      expect((await me(tokens.access_token)).json).toMatchObject({ id: anonymousUserId, is_anonymous: true });
      // Once only, and the check no longer offers it.
      expectPlain(await complete(project.client, { login_code: login.login_code, mode: "claim-anon-session" }), "CLI_NO_ANONYMOUS_SESSION");
      expect((await complete(project.client, { login_code: login.login_code, mode: "check" })).json).toEqual({ cli_session_state: "none" });

      const upgraded = await call(t, "POST", "/auth/password/sign-up", {
        creds: asUser({ accessToken: tokens.access_token }),
        headers: { "x-stack-allow-anonymous-user": "true" },
        body: { email: `cli-anon-${Date.now()}@example.com`, password: "correct horse battery" },
      });
      expect(upgraded.json.user_id).toBe(anonymousUserId);
      const confirmed = await complete(asUser({ accessToken: upgraded.json.access_token }), {
        login_code: login.login_code,
        refresh_token: upgraded.json.refresh_token,
      });
      expect(confirmed.json).toEqual({ success: true });
      const success = await poll(login.polling_code);
      expect(success.json).toEqual({ status: "success", refresh_token: upgraded.json.refresh_token });
      const { access_token } = (await (await refresh((success.json as { refresh_token: string }).refresh_token)).json()) as { access_token: string };
      expect((await me(access_token)).json).toMatchObject({ id: anonymousUserId, is_anonymous: false });
    });

    it("keeps the anonymous session sealed, forgets it when another user confirms, and leaves that user alone", async () => {
      const { anonymousUserId, anonymousRefreshToken, login } = await anonymousLogin();
      const query = "SELECT data FROM verification_codes WHERE purpose = 'cli_login' AND data->>'polling_code_id' IS NOT NULL AND project_id = $1 AND data->>'anon_user_id' = $2";
      const rows = await t.db.query<{ data: unknown }>(query, [project.projectId, anonymousUserId]);
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]!.data as object).sort()).toEqual(["anon_session", "anon_user_id", "polling_code_id"]);
      expect(JSON.stringify(rows)).not.toContain(anonymousRefreshToken);
      expect((await complete(asUser(project.user), { login_code: login.login_code })).json).toEqual({ success: true });
      expect(await t.db.query(query, [project.projectId, anonymousUserId])).toHaveLength(0);
      expect((await complete(project.client, { login_code: login.login_code, mode: "claim-anon-session" })).json.code).toBe("CLI_AUTH_USED_ERROR");
      // The anonymous user and its session are untouched.
      const anonymous = await me((await (await refresh(anonymousRefreshToken)).json() as { access_token: string }).access_token);
      expect(anonymous.json).toMatchObject({ id: anonymousUserId, is_anonymous: true });
    });

    it("no longer offers an anonymous session that ended", async () => {
      const { anonymousRefreshToken, login } = await anonymousLogin();
      const access = (await (await refresh(anonymousRefreshToken)).json() as { access_token: string }).access_token;
      const signedOut = await call(t, "DELETE", "/auth/sessions/current", { creds: asUser({ accessToken: access }), headers: { "x-stack-allow-anonymous-user": "true" } });
      expect(signedOut.status).toBe(200);
      expect((await complete(project.client, { login_code: login.login_code, mode: "check" })).json).toEqual({ cli_session_state: "none" });
      expectPlain(await complete(project.client, { login_code: login.login_code, mode: "claim-anon-session" }), "CLI_NO_ANONYMOUS_SESSION");
    });

    it("refuses a refresh token that is not a live anonymous session of this project", async () => {
      expectPlain(await start({ anon_refresh_token: project.user.refreshToken }), "CLI_ANON_REFRESH_TOKEN_NOT_ANONYMOUS");
      expectPlain(await start({ anon_refresh_token: "nope" }), "CLI_ANON_REFRESH_TOKEN_INVALID");
      const other = await createProjectFixture(t);
      const foreign = await call(t, "POST", "/auth/anonymous/sign-up", { creds: other.client });
      expectPlain(await start({ anon_refresh_token: foreign.json.refresh_token }), "CLI_ANON_REFRESH_TOKEN_INVALID");
      const plain = await started();
      expectPlain(await complete(project.client, { login_code: plain.login_code, mode: "claim-anon-session" }), "CLI_NO_ANONYMOUS_SESSION");
    });
  });
});

describe("CLI login rate limits", () => {
  let limited: TestApp;
  let p: ProjectFixture;
  beforeAll(async () => {
    limited = await createTestApp({ env: { TRUST_PROXY: "true" } });
    p = await createProjectFixture(limited, {
      config: { rate_limits: { cli_login_per_ip: { max: 2 }, cli_poll_per_ip: { max: 3 }, code_check_per_ip: { max: 2 } } },
    });
  });
  afterAll(() => limited.close());
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("limits starting, polling and confirming per address", async () => {
    const startFrom = (ip: string) => call(limited, "POST", "/auth/cli", { creds: p.client, body: {}, headers: from(ip) });
    const first = await startFrom("198.51.100.1");
    expect((await startFrom("198.51.100.1")).status).toBe(200);
    expect((await startFrom("198.51.100.1")).status).toBe(429);
    expect((await startFrom("198.51.100.2")).status).toBe(200);

    const { polling_code, login_code } = first.json as { polling_code: string; login_code: string };
    const pollFrom = (ip: string) => call(limited, "POST", "/auth/cli/poll", { creds: p.client, body: { polling_code }, headers: from(ip) });
    for (let i = 0; i < 3; i++) expect((await pollFrom("198.51.100.3")).status).toBe(200);
    const refused = await pollFrom("198.51.100.3");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const confirmFrom = (ip: string) =>
      call(limited, "POST", "/auth/cli/complete", { creds: { ...p.client, accessToken: p.user.accessToken }, body: { login_code: "B".repeat(45) }, headers: from(ip) });
    for (let i = 0; i < 2; i++) expect((await confirmFrom("198.51.100.4")).json.code).toBe("CLI_AUTH_ERROR");
    expect((await confirmFrom("198.51.100.4")).status).toBe(429);
    const right = await call(limited, "POST", "/auth/cli/complete", {
      creds: { ...p.client, accessToken: p.user.accessToken },
      body: { login_code },
      headers: from("198.51.100.4"),
    });
    expect(right.status).toBe(429);
  });
});

const all = ["client", "server", "admin"] as const;
describeSecurity({ operationId: "startCliLogin", method: "POST", path: "/auth/cli", access: all, body: {} });
describeSecurity({ operationId: "pollCliLogin", method: "POST", path: "/auth/cli/poll", access: all, body: { polling_code: "A".repeat(45) } });
describeSecurity({
  operationId: "completeCliLogin",
  method: "POST",
  path: "/auth/cli/complete",
  access: all,
  body: { login_code: "A".repeat(45) },
});
