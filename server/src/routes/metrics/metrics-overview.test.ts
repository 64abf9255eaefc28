/**
 * The overview groups of GET /internal/metrics (auth, payments, e-mail, analytics) and the
 * figures that follow the latest sign-in: each is checked against what was made here.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, uniqueEmail, type Credentials, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-server";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "cf-ipcountry" } });
});
afterAll(async () => {
  await t?.close();
});

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const metrics = async (project: ProjectFixture, includeAnonymous = false) => {
  const res = await call(t, "GET", includeAnonymous ? "/internal/metrics?include_anonymous=true" : "/internal/metrics", { creds: project.admin });
  expect(res.status, res.text).toBe(200);
  return res.json;
};
const at = (points: Array<{ date: string; activity: number }>, date: string) => points.find((p) => p.date === date)?.activity;
const signedIn = (project: ProjectFixture, user: { accessToken: string }): Credentials => ({ ...project.client, accessToken: user.accessToken });

async function signUpAnonymous(project: ProjectFixture, headers: Record<string, string> = {}): Promise<SignedInUser> {
  const res = await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client, headers });
  expect(res.status, res.text).toBe(200);
  return { userId: res.json.user_id, email: "", password: "", accessToken: res.json.access_token, refreshToken: res.json.refresh_token };
}

describe("GET /internal/metrics, auth_overview", () => {
  it("splits users by verified e-mail and anonymity, counts teams, and keeps a deleted user's activity", async () => {
    const project = await createProjectFixture(t);
    const verified = await call(t, "POST", "/users", { creds: project.server, body: { primary_email: uniqueEmail(), primary_email_verified: true } });
    expect(verified.status, verified.text).toBe(201);
    const leaving = await signUpUser(t, project.client);
    const returning = await signUpUser(t, project.client);
    await signUpAnonymous(project);
    for (const name of ["A", "B"]) expect((await call(t, "POST", "/teams", { creds: project.server, body: { display_name: name } })).status).toBe(201);
    expect((await call(t, "DELETE", `/users/${leaving.userId}`, { creds: project.server })).status).toBe(200);
    // Signed up five days ago; active two days ago (back after days away) and yesterday (the day after).
    await t.db.query("UPDATE users SET signed_up_at = now() - interval '5 days' WHERE id = $1", [returning.userId]);
    await t.db.query("UPDATE users SET last_active_at = now() - interval '2 days' WHERE id = $1", [returning.userId]);
    await t.db.query("UPDATE users SET last_active_at = now() - interval '1 day' WHERE id = $1", [returning.userId]);

    const body = await metrics(project);
    const [teams] = await t.db.query<{ n: string }>("SELECT count(*) AS n FROM teams WHERE project_id = $1", [project.projectId]);
    // The fixture's user and `returning` signed up with unverified e-mails; `verified` was made verified.
    expect(body.auth_overview).toMatchObject({ verified_users: 1, unverified_users: 2, anonymous_users: 1, total_teams: Number(teams!.n), total_users_filtered: 3 });
    expect(Number(teams!.n)).toBeGreaterThanOrEqual(2);
    expect(body.total_users).toBe(3);
    // Active today: everyone who signed up today, the deleted user too; not the anonymous one, nor
    // `verified`, whom the server made and who never signed in.
    const split = body.auth_overview.daily_active_users_split;
    for (const points of [split.total, split.new, split.retained, split.reactivated, body.auth_overview.daily_active_teams_split.total]) expect(points).toHaveLength(31);
    expect(at(split.total, day(0))).toBe(3);
    expect(at(split.new, day(0))).toBe(3);
    expect(at(split.reactivated, day(2))).toBe(1);
    expect(at(split.retained, day(1))).toBe(1);
    expect(at(split.total, day(1))).toBe(1);
    expect(body.daily_active_users).toEqual(split.total);
    expect(body.auth_overview.mau).toBe(3);
    expect(body.auth_overview.daily_active_teams_split.total.every((p: { activity: number }) => p.activity === 0)).toBe(true);

    const withAnonymous = await metrics(project, true);
    expect(withAnonymous.auth_overview).toMatchObject({ mau: 4, total_users_filtered: 4, anonymous_users: 1 });
    expect(withAnonymous.total_users).toBe(4);
  });

  it("lists the newest users in full, and counts users by the country of their latest sign-in or refresh", async () => {
    const project = await createProjectFixture(t);
    const res = await call(t, "POST", "/auth/password/sign-up", {
      creds: project.client,
      headers: { "cf-ipcountry": "DE" },
      body: { email: uniqueEmail(), password: "correct horse battery" },
    });
    expect(res.status, res.text).toBe(200);
    expect((await metrics(project)).users_by_country).toEqual({ DE: 1 });
    const refreshed = await call(t, "POST", "/auth/sessions/current/refresh", {
      creds: project.client,
      headers: { "x-stack-refresh-token": res.json.refresh_token, "cf-ipcountry": "CH" },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    await signUpAnonymous(project, { "cf-ipcountry": "FR" });

    const body = await metrics(project);
    expect(body.users_by_country).toEqual({ CH: 1 });
    expect((await metrics(project, true)).users_by_country).toEqual({ CH: 1, FR: 1 });
    // The user keeps the country they signed up from; the newest come first, in the server's full shape.
    expect(body.recently_registered.map((u: { id: string }) => u.id)).toEqual([res.json.user_id, project.user.userId]);
    expect(body.recently_registered[0]).toMatchObject({ id: res.json.user_id, country_code: "DE", is_anonymous: false, oauth_providers: [], risk_scores: expect.any(Object) });
    expect(body.recently_active[0].id).toBe(res.json.user_id);
    expect(body.analytics_overview.top_region).toEqual({ country_code: null, region_code: null, count: 1 });
    expect(body.analytics_overview.online_live).toBe(2);
  });
});

describe("GET /internal/metrics, analytics_overview", () => {
  it("counts page views, clicks and visitors per day and referrers by visitor, anonymous users only when asked", async () => {
    const project = await createProjectFixture(t);
    const enabled = await callUntyped(t, "PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "apps.installed.analytics.enabled": true }) },
    });
    expect(enabled.status, enabled.text).toBe(200);
    const other = await signUpUser(t, project.client);
    const anonymous = await signUpAnonymous(project);
    const now = Date.now();
    const pageView = (referrer?: string) => ({ event_type: "$page-view", event_at_ms: now - 100, data: { url: "https://app.example/", path: "/", ...(referrer ? { referrer } : {}) } });
    const send = async (user: { accessToken: string }, events: unknown[]) => {
      const res = await callUntyped(t, "POST", "/analytics/events/batch", {
        creds: signedIn(project, user),
        headers: { "x-stack-allow-anonymous-user": "true" },
        body: { session_replay_segment_id: randomUUID(), batch_id: randomUUID(), sent_at_ms: now, events },
      });
      expect(res.status, res.text).toBe(200);
    };
    await send(project.user, [pageView("https://news.example/"), pageView("https://news.example/"), { event_type: "$click", event_at_ms: now - 50, data: { tag_name: "a" } }]);
    await send(other, [pageView("https://news.example/"), pageView()]);
    await send(anonymous, [pageView("https://anonymous.example/")]);

    const body = await metrics(project);
    const analytics = body.analytics_overview;
    expect(analytics.daily_page_views).toHaveLength(31);
    expect(at(analytics.daily_page_views, day(0))).toBe(4);
    expect(at(analytics.daily_clicks, day(0))).toBe(1);
    expect(at(analytics.daily_visitors, day(0))).toBe(2);
    expect(analytics.visitors).toBe(2);
    expect(analytics.top_referrers).toEqual([
      { referrer: "https://news.example/", visitors: 2 },
      { referrer: "(direct)", visitors: 1 },
    ]);
    expect(analytics.online_live).toBe(2);

    const withAnonymous = (await metrics(project, true)).analytics_overview;
    expect(withAnonymous.visitors).toBe(3);
    expect(withAnonymous.top_referrers).toContainEqual({ referrer: "https://anonymous.example/", visitors: 1 });
    expect(withAnonymous.online_live).toBe(3);
  });
});

describe("GET /internal/metrics, payments_overview and email_overview", () => {
  it("counts subscriptions by status, one-time purchases, paid invoices and the outbox by status", async () => {
    const project = await createProjectFixture(t);
    const before = await metrics(project);
    const tenant = [project.projectId, "main"];
    const grant = (kind: string, status: string) =>
      t.db.query(
        `INSERT INTO product_grants (project_id, branch_id, id, customer_type, customer_id, product, quantity, kind, status, source)
         VALUES ($1, $2, gen_random_uuid(), 'user', $3, '{}'::jsonb, 1, $4, $5, 'api_grant')`,
        [...tenant, project.user.userId, kind, status],
      );
    await grant("subscription", "active");
    await grant("subscription", "active");
    await grant("subscription", "canceled");
    await grant("one_time", "active");
    const [purchase] = await t.db.query<{ id: string }>(
      `INSERT INTO purchases (project_id, branch_id, id, customer_type, customer_id, product, quantity, kind, source, status, currency, amount)
       VALUES ($1, $2, gen_random_uuid(), 'user', $3, '{}'::jsonb, 1, 'subscription', 'stripe', 'active', 'usd', 1500) RETURNING id`,
      [...tenant, project.user.userId],
    );
    for (const [status, cents, age] of [["paid", 1500, "40 days"], ["paid", 2500, "1 day"], ["open", 9900, "0 days"]] as const) {
      await t.db.query(
        `INSERT INTO purchase_invoices (project_id, branch_id, id, purchase_id, stripe_invoice_id, is_creation, status, amount_total, currency, created_at)
         VALUES ($1, $2, gen_random_uuid(), $3, $4, false, $5, $6, 'usd', now() - $7::interval)`,
        [...tenant, purchase!.id, `in_${randomUUID()}`, status, cents, age],
      );
    }
    const mail = (status: string, subject: string | null, rendered: boolean) =>
      t.db.query(
        `INSERT INTO email_outbox (project_id, branch_id, id, to_address, subject, text_body, purpose, status, rendered_at, finished_at)
         VALUES ($1, $2, gen_random_uuid(), 'someone@example.com', $3, 'text', 'test', $4, $5, $6)`,
        [...tenant, subject, status, rendered ? new Date().toISOString() : null, status === "queued" ? null : new Date().toISOString()],
      );
    await mail("sent", "Welcome", true);
    await mail("bounced", "Bounced", true);
    await mail("failed", "Broken", true);
    await mail("queued", null, false);

    const body = await metrics(project);
    expect(body.payments_overview).toMatchObject({
      subscriptions_by_status: { active: 2, canceled: 1 },
      active_subscription_count: 2,
      total_one_time_purchases: 1,
      revenue_cents: 4000,
      mrr_cents: 2500,
      total_orders: 4,
      checkout_conversion_rate: 75,
    });
    expect(at(body.payments_overview.daily_subscriptions, day(0))).toBe(3);
    expect(body.analytics_overview.total_revenue_cents).toBe(4000);
    expect(body.analytics_overview.daily_revenue.find((p: { date: string }) => p.date === day(1))).toEqual({ date: day(1), new_cents: 2500, refund_cents: 0 });

    const email = body.email_overview;
    const was = before.email_overview;
    expect(email.total_emails).toBe(was.total_emails + 4);
    expect(email.emails_by_status.error).toBe((was.emails_by_status.error ?? 0) + 2);
    expect(email.emails_sent).toBe(was.emails_sent + 3);
    expect(email.deliverability_status).toMatchObject({ delivered: 0, bounced: was.deliverability_status.bounced + 1 });
    expect(at(email.daily_emails, day(0))).toBe(at(was.daily_emails, day(0))! + 4);
    expect(email.recent_emails.slice(0, 4).map((e: { status: string; subject: string }) => [e.status, e.subject]).sort()).toEqual(
      [
        ["BOUNCED", "Bounced"],
        ["PREPARING", "(no subject)"],
        ["SENT", "Welcome"],
        ["SERVER_ERROR", "Broken"],
      ].sort(),
    );
  });
});
