import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;

beforeAll(() => {
  t = app();
});

const setConfig = (project: ProjectFixture, changes: Record<string, unknown>) =>
  call(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string: JSON.stringify(changes) } });
const rule = (condition: string, type: string, priority = 0, extra: Record<string, unknown> = {}) => ({ enabled: true, priority, condition, action: { type }, ...extra });
const trial = (project: ProjectFixture, body: Record<string, unknown>) =>
  call(t, "POST", "/internal/sign-up-rules-test", {
    creds: project.admin,
    body: { email: "user@example.com", auth_method: "password", oauth_provider: null, country_code: null, ...body } as never,
  });

describe("the configuration keys auth.signUpRules and auth.signUpRulesDefaultAction", () => {
  it("are stored and rendered as written, the default action allow until set", async () => {
    const project = await createProjectFixture(t);
    const before = JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string);
    expect(before.auth).toMatchObject({ signUpRules: {}, signUpRulesDefaultAction: "allow" });
    const written = await setConfig(project, {
      "auth.signUpRules.block-spam": { enabled: true, displayName: "Block spam", priority: 3, condition: 'email.contains("spam")', action: { type: "reject", message: "spam" } },
      "auth.signUpRulesDefaultAction": "reject",
    });
    expect(written.status, written.text).toBe(200);
    const after = JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string);
    expect(after.auth.signUpRules["block-spam"]).toEqual({
      enabled: true,
      displayName: "Block spam",
      priority: 3,
      condition: 'email.contains("spam")',
      action: { type: "reject", message: "spam" },
    });
    expect(after.auth.signUpRulesDefaultAction).toBe("reject");
    expect((await setConfig(project, { "auth.signUpRules.block-spam": null })).status).toBe(200);
    expect(JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string).auth.signUpRules).toEqual({});
  });

  it("refuse, with a 400 naming the key as text (as Stack Auth answers), a condition that is no CEL, a refused macro, an unknown action, a bad id or priority", async () => {
    const project = await createProjectFixture(t);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ "auth.signUpRules.r": rule("email ==", "reject") }, /auth\.signUpRules\.r\.condition.*not a valid CEL expression/],
      [{ "auth.signUpRules.r": rule('["a"].exists(x, x == email)', "reject") }, /auth\.signUpRules\.r\.condition.*macros/],
      [{ "auth.signUpRules.r": rule("true", "ban") }, /auth\.signUpRules\.r\.action\.type/],
      [{ "auth.signUpRules.-r": rule("true", "log") }, /auth\.signUpRules/],
      [{ "auth.signUpRules.r": rule("true", "log", -1) }, /auth\.signUpRules\.r\.priority/],
      [{ "auth.signUpRules.r": rule("true", "log", 1.5) }, /auth\.signUpRules\.r\.priority/],
      [{ "auth.signUpRules.r": { ...rule("true", "log"), color: "red" } }, /auth\.signUpRules\.r\.color/],
      [{ "auth.signUpRulesDefaultAction": "restrict" }, /auth\.signUpRulesDefaultAction/],
    ];
    for (const [changes, message] of cases) {
      const res = await setConfig(project, changes);
      expect(res.status, JSON.stringify(changes)).toBe(400);
      expect(res.headers.get("content-type")).toContain("text/plain");
      expect(res.text).toMatch(message);
    }
  });

  it("refuse a project more than 100 rules", async () => {
    const project = await createProjectFixture(t);
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`auth.signUpRules.rule-${i}`, rule("false", "log")]));
    expect((await setConfig(project, hundred)).status).toBe(200);
    const res = await setConfig(project, { "auth.signUpRules.one-more": rule("false", "log") });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/at most 100 sign-up rules/);
  });
});

describe("POST /internal/sign-up-rules-test", () => {
  it("answers the context and the default when there are no rules", async () => {
    const project = await createProjectFixture(t);
    const res = await trial(project, { email: " User@Example.com " });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      context: {
        email: "user@example.com",
        email_domain: "example.com",
        country_code: "",
        auth_method: "password",
        oauth_provider: "",
        turnstile_result: "invalid",
        risk_scores: { bot: 0, free_trial_abuse: 0 },
      },
      evaluations: [],
      outcome: { should_allow: true, decision: "default-allow", decision_rule_id: null, restricted_because_of_rule_id: null },
    });
  });

  it("answers each rule in order up to the one that decided, with its status, and records nothing", async () => {
    const project = await createProjectFixture(t);
    await setConfig(project, {
      "auth.signUpRules.log-first": rule('emailDomain == "example.com"', "log", 5, { displayName: "Log first" }),
      "auth.signUpRules.off": { ...rule("true", "reject", 4), enabled: false },
      "auth.signUpRules.broken": rule('email.matches("(")', "reject", 3),
      "auth.signUpRules.watch": rule('countryCode in ["US", "CA"]', "restrict", 2),
      "auth.signUpRules.no-oauth": { ...rule('authMethod == "oauth" && oauthProvider == "github"', "reject", 1), action: { type: "reject", message: "no GitHub" } },
      "auth.signUpRules.never-reached": rule("true", "allow", 0),
    });
    const res = await trial(project, { email: "a@example.com", auth_method: "oauth", oauth_provider: "github", country_code: " ca ", risk_scores: { bot: 90, free_trial_abuse: 10 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.context).toMatchObject({ country_code: "CA", oauth_provider: "github", risk_scores: { bot: 90, free_trial_abuse: 10 } });
    expect(res.json.evaluations).toEqual([
      { rule_id: "log-first", display_name: "Log first", enabled: true, condition: 'emailDomain == "example.com"', status: "matched", action: { type: "log" } },
      { rule_id: "off", display_name: "", enabled: false, condition: "true", status: "disabled", action: { type: "reject" } },
      { rule_id: "broken", display_name: "", enabled: true, condition: 'email.matches("(")', status: "error", action: { type: "reject" }, error: expect.stringMatching(/regexp/) },
      { rule_id: "watch", display_name: "", enabled: true, condition: 'countryCode in ["US", "CA"]', status: "matched", action: { type: "restrict" } },
      { rule_id: "no-oauth", display_name: "", enabled: true, condition: expect.any(String), status: "matched", action: { type: "reject", message: "no GitHub" } },
    ]);
    expect(res.json.outcome).toEqual({ should_allow: false, decision: "reject", decision_rule_id: "no-oauth", restricted_because_of_rule_id: "watch" });
    const stats = await call(t, "GET", "/internal/sign-up-rules-stats", { creds: project.admin });
    expect(stats.json.total_triggers).toBe(0);
  });

  it("reads risk scores in conditions, from the body, else 0", async () => {
    const project = await createProjectFixture(t);
    await setConfig(project, { "auth.signUpRules.bots": rule("riskScores.bot >= 50", "reject") });
    expect((await trial(project, { risk_scores: { bot: 50, free_trial_abuse: 0 } })).json.outcome.decision).toBe("reject");
    expect((await trial(project, {})).json.outcome.decision).toBe("default-allow");
  });

  it("refuses a malformed trial with SCHEMA_ERROR", async () => {
    const project = await createProjectFixture(t);
    const bad: Array<Record<string, unknown>> = [
      { auth_method: "magic" },
      { country_code: "USA" },
      { risk_scores: { bot: 101, free_trial_abuse: 0 } },
      { risk_scores: { bot: 1.5, free_trial_abuse: 0 } },
      { turnstile_result: "maybe" },
      { extra: true },
      { email: "x".repeat(2000) },
    ];
    for (const body of bad) {
      const res = await trial(project, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("SCHEMA_ERROR");
    }
    const missing = await call(t, "POST", "/internal/sign-up-rules-test", { creds: project.admin, body: { email: "a@example.com" } as never });
    expect(missing.json.code).toBe("SCHEMA_ERROR");
  });
});

describe("GET /internal/sign-up-rules-stats", () => {
  it("answers an empty window for a project whose rules never matched", async () => {
    const project = await createProjectFixture(t);
    const res = await call(t, "GET", "/internal/sign-up-rules-stats", { creds: project.admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ rule_triggers: [], analytics_hours: 48, total_triggers: 0, triggers_by_action: { allow: 0, reject: 0, restrict: 0, log: 0 } });
  });

  it("keeps each project's counts to itself, drops hours past the window, and forgets removed rules", async () => {
    const [project, other] = [await createProjectFixture(t), await createProjectFixture(t)];
    await setConfig(project, { "auth.signUpRules.all": rule("true", "log"), "auth.signUpRules.gone": rule("true", "log", 1) });
    await call(t, "POST", "/auth/password/sign-up", { creds: project.client, body: { email: `a-${Date.now()}@example.com`, password: "correct horse battery" } });
    // An old hour, as if written three days ago.
    await t.db.query(
      `INSERT INTO sign_up_rule_trigger_hours (project_id, branch_id, rule_id, action, hour, count) VALUES ($1, 'main', 'all', 'log', date_trunc('hour', now()) - interval '72 hours', 5)`,
      [project.projectId],
    );
    let res = await call(t, "GET", "/internal/sign-up-rules-stats", { creds: project.admin });
    expect(res.json.total_triggers).toBe(2);
    expect(res.json.rule_triggers.map((r: { rule_id: string }) => r.rule_id)).toEqual(["all", "gone"]);
    expect((await call(t, "GET", "/internal/sign-up-rules-stats", { creds: other.admin })).json.total_triggers).toBe(0);

    await setConfig(project, { "auth.signUpRules.gone": null });
    await call(t, "POST", "/auth/password/sign-up", { creds: project.client, body: { email: `b-${Date.now()}@example.com`, password: "correct horse battery" } });
    res = await call(t, "GET", "/internal/sign-up-rules-stats", { creds: project.admin });
    expect(res.json.rule_triggers.map((r: { rule_id: string; all_time_count: number }) => [r.rule_id, r.all_time_count])).toEqual([["all", 2]]);
    const rows = await t.db.query("SELECT count(*)::int AS n FROM sign_up_rule_trigger_hours WHERE project_id = $1", [project.projectId]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describeSecurity({
  operationId: "testSignUpRules",
  method: "POST",
  path: "/internal/sign-up-rules-test",
  access: ["admin"],
  body: { email: "a@example.com", auth_method: "password", oauth_provider: null, country_code: null },
});
describeSecurity({ operationId: "getSignUpRulesStats", method: "GET", path: "/internal/sign-up-rules-stats", access: ["admin"] });
