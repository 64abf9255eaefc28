import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;

beforeAll(() => {
  t = app();
});

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const metrics = (project: ProjectFixture, includeAnonymous = false) =>
  call(t, "GET", includeAnonymous ? "/internal/metrics?include_anonymous=true" : "/internal/metrics", { creds: project.admin });

describe("GET /internal/metrics", () => {
  it("counts users, sign-ups and activity per day, sign-in methods and countries, and lists the newest users", async () => {
    const project = await createProjectFixture(t);
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await signUpUser(t, project.client));
    await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client });
    // Two of them signed up three days ago, one of those was active yesterday too.
    for (const u of users.slice(0, 2)) {
      await t.db.query("UPDATE users SET signed_up_at = now() - interval '3 days', country_code = 'DE' WHERE id = $1", [u.userId]);
    }
    await t.db.query("UPDATE users SET last_active_at = now() - interval '1 day' WHERE id = $1", [users[0]!.userId]);

    const res = await metrics(project);
    expect(res.status, res.text).toBe(200);
    // The fixture's own user, and the three signed up here.
    expect(res.json.total_users).toBe(4);
    expect(res.json.daily_users).toHaveLength(31);
    expect(res.json.daily_users.at(-1)).toEqual({ date: day(0), activity: 2 });
    expect(res.json.daily_users.find((p: { date: string }) => p.date === day(3))).toEqual({ date: day(3), activity: 2 });
    expect(res.json.daily_users.filter((p: { activity: number }) => p.activity > 0)).toHaveLength(2);
    expect(res.json.daily_active_users.at(-1)).toEqual({ date: day(0), activity: 4 });
    expect(res.json.daily_active_users.at(-2)).toEqual({ date: day(1), activity: 1 });
    expect(res.json.users_by_country).toEqual({ DE: 2 });
    expect(res.json.login_methods).toEqual([{ method: "password", count: 4 }]);
    const recent = res.json.recently_registered.map((u: { id: string }) => u.id);
    expect(recent.slice(0, 2)).toEqual([users[2]!.userId, project.user.userId]);
    expect([...recent.slice(2)].sort()).toEqual([users[0]!.userId, users[1]!.userId].sort());
    expect(res.json.recently_active[0].id).not.toBe(users[0]!.userId);
    expect(res.json.recently_registered[0]).toMatchObject({ primary_email: users[2]!.email, signed_up_at_millis: expect.any(Number) });

    const withAnonymous = await metrics(project, true);
    expect(withAnonymous.json.total_users).toBe(5);
    expect(withAnonymous.json.daily_active_users.at(-1).activity).toBe(5);
    expect((await call(t, "GET", "/internal/metrics/user-counts", { creds: project.admin })).json).toEqual({ total_users: 4, anonymous_users: 1 });
  });

  it("does not count a user a server creates as active until they sign in", async () => {
    const project = await createProjectFixture(t);
    const before = (await metrics(project)).json;
    const created = await call(t, "POST", "/users", { creds: project.server, body: { primary_email: `made-${Date.now()}@example.com`, primary_email_auth_enabled: true, password: "correct horse battery" } });
    expect(created.status, created.text).toBe(201);
    const after = (await metrics(project)).json;
    expect(after.total_users).toBe(before.total_users + 1);
    expect(after.daily_active_users.at(-1)).toEqual(before.daily_active_users.at(-1));

    const signedIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: created.json.primary_email, password: "correct horse battery" } });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await metrics(project)).json.daily_active_users.at(-1).activity).toBe(before.daily_active_users.at(-1).activity + 1);
  });

  it("keeps its counters equal to a count of the rows through updates, upgrades and deletions", async () => {
    const project = await createProjectFixture(t);
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await signUpUser(t, project.client));
    const anonymous = await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client });
    await call(t, "PATCH", `/users/${users[0]!.userId}`, { creds: project.server, body: { otp_auth_enabled: true } });
    await call(t, "PATCH", `/users/${users[1]!.userId}`, { creds: project.server, body: { password: null } as never });
    await t.db.query("UPDATE users SET country_code = 'FR' WHERE id = ANY($1::uuid[])", [[users[2]!.userId, users[3]!.userId]]);
    // Verified e-mails of two users, one of whom is deleted below.
    await t.db.query("UPDATE contact_channels SET is_verified = true WHERE user_id = ANY($1::uuid[])", [[users[2]!.userId, users[3]!.userId]]);
    await call(t, "DELETE", `/users/${users[3]!.userId}`, { creds: project.server });
    await call(t, "POST", "/auth/password/sign-up", {
      creds: { ...project.client, accessToken: anonymous.json.access_token },
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { email: `upgraded-${Date.now()}@example.com`, password: "correct horse battery" },
    });

    const [truth] = await t.db.query<Record<string, string>>(
      `SELECT count(*) FILTER (WHERE NOT is_anonymous) AS users, count(*) FILTER (WHERE is_anonymous) AS anonymous_users,
         count(*) FILTER (WHERE NOT is_anonymous AND password_hash IS NOT NULL) AS password,
         count(*) FILTER (WHERE NOT is_anonymous AND otp_auth_enabled) AS otp,
         count(*) FILTER (WHERE NOT is_anonymous AND country_code = 'FR') AS fr,
         count(*) FILTER (WHERE NOT is_anonymous AND EXISTS (
           SELECT 1 FROM contact_channels cc WHERE cc.user_id = users.id AND cc.type = 'email' AND cc.is_verified)) AS verified
       FROM users WHERE project_id = $1`,
      [project.projectId],
    );
    const res = await metrics(project);
    expect(res.json.total_users).toBe(Number(truth!.users));
    expect(res.json.users_by_country).toEqual(Number(truth!.fr) > 0 ? { FR: Number(truth!.fr) } : {});
    expect(res.json.auth_overview.verified_users).toBe(Number(truth!.verified));
    expect(res.json.auth_overview.verified_users).toBe(1);
    const methods = Object.fromEntries(res.json.login_methods.map((m: { method: string; count: number }) => [m.method, m.count]));
    expect(methods).toEqual({ password: Number(truth!.password), otp: Number(truth!.otp) });
    expect((await call(t, "GET", "/internal/metrics/user-counts", { creds: project.admin })).json.anonymous_users).toBe(Number(truth!.anonymous_users));
    // The fixture's user and three of four here (one deleted), one upgraded; one lost its password, one uses codes.
    expect(res.json.total_users).toBe(5);
  });

  it("keeps projects apart", async () => {
    const empty = await createProjectFixture(t);
    await signUpUser(t, (await createProjectFixture(t)).client);
    const res = await metrics(empty);
    expect(res.json.total_users).toBe(1);
    expect(res.json.daily_users.reduce((sum: number, p: { activity: number }) => sum + p.activity, 0)).toBe(1);
  });
});

describe("GET /internal/user-activity", () => {
  it("marks the days one user was active", async () => {
    const project = await createProjectFixture(t);
    const user = await signUpUser(t, project.client);
    await t.db.query("UPDATE users SET last_active_at = now() - interval '2 days' WHERE id = $1", [user.userId]);
    const res = await call(t, "GET", `/internal/user-activity?user_id=${user.userId}`, { creds: project.admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data_points).toHaveLength(30);
    expect(res.json.data_points.filter((p: { activity: number }) => p.activity === 1).map((p: { date: string }) => p.date)).toEqual([day(2), day(0)]);
    const missing = await call(t, "GET", "/internal/user-activity?user_id=00000000-0000-4000-8000-000000000000", { creds: project.admin });
    expect(missing.json.code).toBe("USER_NOT_FOUND");
  });
});

describeSecurity({ operationId: "getMetrics", method: "GET", path: "/internal/metrics", access: ["admin"] });
describeSecurity({ operationId: "getMetricsUserCounts", method: "GET", path: "/internal/metrics/user-counts", access: ["admin"] });
describeSecurity({ operationId: "getUserActivity", method: "GET", path: "/internal/user-activity?user_id=00000000-0000-4000-8000-000000000000", access: ["admin"] });
