/**
 * Rate limits as a deployment and a project set them, and password sign-in's three bounds.
 * The apps trust X-Forwarded-For, so each request can come from the address a test names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, uniqueEmail, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-server";

const from = (ip: string) => ({ "x-forwarded-for": ip });
let addressCounter = 0;
/** A documentation address (RFC 5737) no other test in this file uses. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

function signIn(t: TestApp, creds: Credentials, body: { email: string; password: string }, ip: string) {
  return call(t, "POST", "/auth/password/sign-in", { creds, body, headers: from(ip) });
}
function signUp(t: TestApp, creds: Credentials, ip: string) {
  return call(t, "POST", "/auth/password/sign-up", { creds, body: { email: uniqueEmail(), password: "correct horse" }, headers: from(ip) });
}
function patchConfig(t: TestApp, project: ProjectFixture, config: Record<string, unknown>) {
  return call(t, "PATCH", "/internal/projects/current", { creds: project.admin, body: { config } });
}
/** The statuses of `count` sign-ups from one address, one after another. */
async function signUpStatuses(t: TestApp, creds: Credentials, count: number, ip = freshAddress()) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await signUp(t, creds, ip)).status);
  return statuses;
}

describe("with the built-in limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(() => t.close());

  it("wrong passwords from one address do not lock the owner out at another; that address stays limited", async () => {
    const project = await createProjectFixture(t);
    const { email, password } = project.user;
    const guesser = freshAddress();
    for (let i = 0; i < 20; i++) expect((await signIn(t, project.client, { email, password: "wrong password" }, guesser)).status).toBe(400);
    const refused = await signIn(t, project.client, { email, password: "wrong password" }, guesser);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);

    const owner = await signIn(t, project.client, { email, password }, freshAddress());
    expect(owner.status).toBe(200);
    expect(owner.json.user_id).toBe(project.user.userId);
    // The guessing address is refused even the right password until its window ends.
    expect((await signIn(t, project.client, { email, password }, guesser)).status).toBe(429);
    // The limit is per pair: the same address may still try another account.
    const other = await createProjectFixture(t);
    expect((await signIn(t, other.client, { email: other.user.email, password: other.user.password }, guesser)).status).toBe(200);
  });

  it("the per-e-mail bound holds across addresses, for the right password too", async () => {
    // Small limits through the project's config, so reaching the per-e-mail bound takes a few requests.
    const project = await createProjectFixture(t, {
      config: { rate_limits: { sign_in_per_email_and_ip: { max: 3 }, sign_in_per_email: { max: 8, window_seconds: 3600 } } },
    });
    const { email, password } = project.user;
    const statuses: number[] = [];
    for (let address = 0; address < 3; address++) {
      const ip = freshAddress();
      for (let i = 0; i < 4; i++) statuses.push((await signIn(t, project.client, { email, password: "wrong" }, ip)).status);
    }
    // Per address: three tries, then 429 (not counted against the e-mail); 3 + 3 = 6 counted,
    // then the third address gets two more before the e-mail's eighth is used up.
    expect(statuses).toEqual([400, 400, 400, 429, 400, 400, 400, 429, 400, 400, 429, 429]);
    const late = await signIn(t, project.client, { email, password }, freshAddress());
    expect(late.status).toBe(429);
    expect(Number(late.headers.get("retry-after"))).toBeGreaterThan(3000);
  });

  it("a project limits sign-ups per address below the built-in limit, and an empty set restores it", async () => {
    const project = await createProjectFixture(t);
    expect((await patchConfig(t, project, { rate_limits: { sign_up_per_ip: { max: 2 } } })).status).toBe(200);
    expect(await signUpStatuses(t, project.client, 3)).toEqual([200, 200, 429]);

    // An empty set hands every rule back to the server-wide setting.
    const reset = await patchConfig(t, project, { rate_limits: {} });
    // Gatehouse's own field shows only while the project has limits of its own.
    expect(reset.json.config).not.toHaveProperty("rate_limits");
    const ip = freshAddress();
    const statuses = await signUpStatuses(t, project.client, 3, ip);
    expect(statuses).toEqual([200, 200, 200]);
  });
});

describe("the project's rate_limits config", () => {
  let t: TestApp;
  let project: ProjectFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "true" } });
    project = await createProjectFixture(t);
  });
  afterAll(() => t.close());

  it("reads back what was written, snake_case by rule, and starts absent (Stack Auth's project has no such field)", async () => {
    const current = await call(t, "GET", "/internal/projects/current", { creds: project.admin });
    expect(current.json.config).not.toHaveProperty("rate_limits");
    const limits = { sign_in_per_ip: { max: 5000, window_seconds: 60 }, code_send_per_account: { window_seconds: 30 } };
    const patched = await patchConfig(t, project, { rate_limits: limits });
    expect(patched.status).toBe(200);
    expect(patched.json.config.rate_limits).toEqual(limits);
    const read = await call(t, "GET", "/internal/projects/current", { creds: project.admin });
    expect(read.json.config.rate_limits).toEqual(limits);
  });

  it.each([
    ["an unknown rule", { sign_in_per_planet: { max: 5 } }],
    ["a max of 0", { sign_in_per_ip: { max: 0 } }],
    ["a fractional max", { sign_in_per_ip: { max: 2.5 } }],
    ["a max above 10^9", { sign_in_per_ip: { max: 1_000_000_001 } }],
    ["a window longer than a day", { sign_in_per_ip: { window_seconds: 86_401 } }],
    ["an unknown field", { sign_in_per_ip: { max: 5, per: "minute" } }],
  ])("refuses %s with SCHEMA_ERROR", async (_, rateLimits) => {
    const res = await patchConfig(t, project, { rate_limits: rateLimits });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
  });
});

describe("the server-wide setting", () => {
  it("RATE_LIMIT_MULTIPLIER scales every built-in limit", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "true", RATE_LIMIT_MULTIPLIER: "0.04" } });
    try {
      // 50 sign-ups per address per hour × 0.04 = 2.
      const project = await createProjectFixture(t);
      expect(await signUpStatuses(t, project.client, 3)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it("RATE_LIMITS sets rules explicitly, and a project's own value still wins", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "true", RATE_LIMIT_MULTIPLIER: "1000", RATE_LIMITS: "sign_up_per_ip=1/3600" } });
    try {
      const project = await createProjectFixture(t);
      expect(await signUpStatuses(t, project.client, 2)).toEqual([200, 429]);
      await patchConfig(t, project, { rate_limits: { sign_up_per_ip: { max: 3 } } });
      expect(await signUpStatuses(t, project.client, 4)).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
