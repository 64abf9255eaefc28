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

type Level = "project" | "branch" | "environment";

const configOf = async (project: ProjectFixture) => {
  const response = await call(t, "GET", "/internal/config", { creds: project.admin });
  expect(response.status, response.text).toBe(200);
  return JSON.parse(response.json.config_string);
};
const overrideOf = async (project: ProjectFixture, level: Level) => {
  const response = await call(t, "GET", `/internal/config/override/${level}`, { creds: project.admin });
  expect(response.status, response.text).toBe(200);
  return JSON.parse(response.json.config_string);
};
const patch = (project: ProjectFixture, level: Level, changes: Record<string, unknown>) =>
  call(t, "PATCH", `/internal/config/override/${level}`, { creds: project.admin, body: { config_override_string: JSON.stringify(changes) } });
const replace = (project: ProjectFixture, level: Level, override: Record<string, unknown>, source?: Record<string, unknown>) =>
  call(t, "PUT", `/internal/config/override/${level}`, {
    creds: project.admin,
    body: { config_string: JSON.stringify(override), ...(source ? { source } : {}) } as never,
  });
const projectView = async (project: ProjectFixture) => (await call(t, "GET", "/internal/projects/current", { creds: project.admin })).json.config;

describe("the layered configuration API", () => {
  it("renders defaults for keys no level sets", async () => {
    const project = await createProjectFixture(t);
    const config = await configOf(project);
    expect(config.auth.allowSignUp).toBe(true);
    expect(config.onboarding).toEqual({ requireEmailVerification: false });
    expect(config.payments).toEqual({ blockNewPurchases: false, testMode: true, productLines: {}, items: {}, products: {} });
    expect(config.dataVault).toEqual({ stores: {} });
    expect(config.emails.server).toEqual({ isShared: true, provider: "smtp" });
  });

  it("merges dotted keys into a level with PATCH, and the snake_case project view shows the same document", async () => {
    const project = await createProjectFixture(t);
    const written = await patch(project, "environment", {
      "auth.allowSignUp": false,
      "teams.allowClientTeamCreation": true,
      "domains.trustedDomains.main": { baseUrl: "https://app.example.com", handlerPath: "/auth" },
      "auth.oauth.providers.github": { type: "github", isShared: false, clientId: "id-1", clientSecret: "secret-1", allowSignIn: true },
    });
    expect(written.status, written.text).toBe(200);
    expect(written.json).toEqual({ success: true });
    expect(await patch(project, "environment", { "auth.oauth.providers.github.clientId": "id-2" })).toMatchObject({ status: 200 });

    const config = await configOf(project);
    expect(config.auth.allowSignUp).toBe(false);
    expect(config.teams.allowClientTeamCreation).toBe(true);
    expect(config.auth.oauth.providers.github).toMatchObject({ clientId: "id-2", clientSecret: "secret-1", isShared: false });
    const view = await projectView(project);
    expect(view.sign_up_enabled).toBe(false);
    expect(view.client_team_creation_enabled).toBe(true);
    expect(view.domains).toEqual([{ domain: "https://app.example.com", handler_path: "/auth" }]);
    expect(view.oauth_providers).toEqual([
      { id: "github", provider_config_id: "github", type: "standard", client_id: "id-2", client_secret: "secret-1" },
    ]);
    // The override reads back as written: dotted keys stay dotted (Stack Auth's stored form).
    expect(await overrideOf(project, "environment")).toMatchObject({
      "auth.allowSignUp": false,
      "teams.allowClientTeamCreation": true,
      "auth.oauth.providers.github.clientId": "id-2",
    });
  });

  it("lets the environment level win over the branch level, and that over the project level", async () => {
    const project = await createProjectFixture(t);
    expect(await patch(project, "project", { "project.requirePublishableClientKey": true })).toMatchObject({ status: 200 });
    await patch(project, "branch", { "auth.allowSignUp": false, "apiKeys.enabled.user": true, "users.allowClientUserDeletion": true });
    await patch(project, "environment", { "apiKeys.enabled.user": false, "auth.allowSignUp": true });
    const config = await configOf(project);
    expect(config.project.requirePublishableClientKey).toBe(true);
    expect(config.auth.allowSignUp).toBe(true);
    expect(config.users.allowClientUserDeletion).toBe(true);
    expect(config.apiKeys.enabled.user).toBe(false);
  });

  it("replaces a level with PUT, removes keys with reset-keys, and removes entries set to null", async () => {
    const project = await createProjectFixture(t);
    await patch(project, "environment", { "auth.allowSignUp": false, "dataVault.stores.notes": { displayName: "Notes" }, "dataVault.stores.keys": {} });
    expect(await replace(project, "environment", { teams: { allowClientTeamCreation: true }, "dataVault.stores.notes": { displayName: "Notes" } })).toMatchObject({
      status: 200,
    });
    let config = await configOf(project);
    expect(config.auth.allowSignUp).toBe(true);
    expect(config.teams.allowClientTeamCreation).toBe(true);
    expect(Object.keys(config.dataVault.stores)).toEqual(["notes"]);

    expect(await patch(project, "environment", { "dataVault.stores.notes": null })).toMatchObject({ status: 200 });
    expect((await configOf(project)).dataVault.stores).toEqual({});

    const reset = await call(t, "POST", "/internal/config/override/environment/reset-keys", {
      creds: project.admin,
      body: { keys: ["teams.allowClientTeamCreation", "no.such.key"] },
    });
    expect(reset.status, reset.text).toBe(200);
    config = await configOf(project);
    expect(config.teams.allowClientTeamCreation).toBe(false);
    expect(await overrideOf(project, "environment")).toEqual({ "dataVault.stores.notes": null });
  });

  it("records where a branch's configuration was pushed from, and unlinks it", async () => {
    const project = await createProjectFixture(t);
    const source = async () => (await call(t, "GET", "/internal/config/source", { creds: project.admin })).json.source;
    expect(await source()).toEqual({ type: "unlinked" });
    const github = { type: "pushed-from-github", owner: "acme", repo: "app", branch: "main", commit_hash: "abc123", config_file_path: "stack.config.ts" };
    expect(await replace(project, "branch", { "auth.otp.allowSignIn": true }, github)).toMatchObject({ status: 200 });
    expect(await source()).toEqual(github);
    expect((await configOf(project)).auth.otp.allowSignIn).toBe(true);

    const refused = await replace(project, "environment", {}, { type: "pushed-from-unknown" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('"source"');
    // A push to the branch level says where it came from.
    const unsourced = await replace(project, "branch", { "auth.otp.allowSignIn": false });
    expect(unsourced.status).toBe(400);
    expect(unsourced.text).toContain("source is required");
    expect((await configOf(project)).auth.otp.allowSignIn).toBe(true);

    expect((await call(t, "DELETE", "/internal/config/source", { creds: project.admin })).json).toEqual({ success: true });
    expect(await source()).toEqual({ type: "unlinked" });
    expect((await configOf(project)).auth.otp.allowSignIn).toBe(true);
  });

  it("lets the secret server key read and write the branch level only (as Stack Auth), while the rendered document is the admin's", async () => {
    const project = await createProjectFixture(t);
    const written = await call(t, "PATCH", "/internal/config/override/branch", {
      creds: project.server,
      body: { config_override_string: JSON.stringify({ "teams.allowClientTeamCreation": true }) },
    });
    expect(written.status, written.text).toBe(200);
    const read = await call(t, "GET", "/internal/config/override/branch", { creds: project.server });
    expect(JSON.parse(read.json.config_string)).toEqual({ "teams.allowClientTeamCreation": true });
    for (const level of ["project", "environment"] as const) {
      const other = await call(t, "PATCH", `/internal/config/override/${level}`, {
        creds: project.server,
        body: { config_override_string: JSON.stringify({}) },
      });
      expect(other.status, level).toBe(403);
      expect((await call(t, "GET", `/internal/config/override/${level}`, { creds: project.server })).status).toBe(403);
    }
    const reset = await call(t, "POST", "/internal/config/override/branch/reset-keys", { creds: project.server, body: { keys: ["teams"] } });
    expect(reset.json.code).toBe("INSUFFICIENT_ACCESS_TYPE");
    expect((await call(t, "GET", "/internal/config", { creds: project.server })).json.code).toBe("INSUFFICIENT_ACCESS_TYPE");
    expect((await configOf(project)).teams.allowClientTeamCreation).toBe(true);
  });

  it("keeps every key of concurrent PATCHes to one level", async () => {
    const project = await createProjectFixture(t);
    const ids = Array.from({ length: 12 }, (_, i) => `store-${i}`);
    const results = await Promise.all(ids.map((id) => patch(project, "environment", { [`dataVault.stores.${id}`]: { displayName: id } })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(Object.keys((await configOf(project)).dataVault.stores).sort()).toEqual([...ids].sort());
  });

  it("takes effect on the next request: switching sign-up off refuses the next sign-up", async () => {
    const project = await createProjectFixture(t);
    await patch(project, "environment", { "auth.allowSignUp": false });
    const signUp = await call(t, "POST", "/auth/password/sign-up", {
      creds: project.client,
      body: { email: "late@example.com", password: "correct horse battery" },
    });
    expect(signUp.json.code).toBe("SIGN_UP_NOT_ENABLED");
  });
});

describe("Stack Auth's stored form and levels", () => {
  it("stores an override as written, a PATCH replacing each key given and every key below it", async () => {
    const project = await createProjectFixture(t);
    await patch(project, "environment", { "teams.allowClientTeamCreation": true, "teams.createPersonalTeamOnSignUp": true, "users.allowClientUserDeletion": true });
    expect(await overrideOf(project, "environment")).toMatchObject({ "teams.allowClientTeamCreation": true, "users.allowClientUserDeletion": true });
    // An object replaces the dotted keys below it, at its level and, when rendering, below it.
    await patch(project, "environment", { teams: { allowClientTeamCreation: true } });
    const stored = await overrideOf(project, "environment");
    expect(stored).toMatchObject({ teams: { allowClientTeamCreation: true }, "users.allowClientUserDeletion": true });
    expect(stored).not.toHaveProperty(["teams.createPersonalTeamOnSignUp"]);
    expect((await configOf(project)).teams).toEqual({ allowClientTeamCreation: true, createPersonalTeamOnSignUp: false });
  });

  it("starts a new project at the environment level, with Stack Auth's creation keys, and nothing at the project level", async () => {
    const project = await createProjectFixture(t);
    expect(await overrideOf(project, "project")).toEqual({});
    expect(await overrideOf(project, "branch")).toEqual({});
    expect(await overrideOf(project, "environment")).toMatchObject({
      "apps.installed.authentication.enabled": true,
      "apps.installed.emails.enabled": true,
      "auth.password.allowSignIn": true,
      "rbac.defaultPermissions.teamCreator": { team_admin: true },
      "rbac.defaultPermissions.teamMember": { team_member: true },
    });
    const config = await configOf(project);
    expect(Object.entries(config.apps.installed).filter(([, app]) => (app as { enabled: boolean }).enabled).map(([id]) => id)).toEqual(["authentication", "emails"]);
    expect(config.sourceOfTruth).toEqual({ type: "hosted" });
    expect(config.auth).not.toHaveProperty("anonymous");
  });

  it("ignores dotted keys into a trusted domain no level created, and takes the same domain as an object", async () => {
    const project = await createProjectFixture(t);
    expect(await patch(project, "environment", { "domains.trustedDomains.2.baseUrl": "https://example.com", "domains.trustedDomains.2.handlerPath": "/handler" })).toMatchObject({
      status: 200,
    });
    expect((await configOf(project)).domains.trustedDomains).toEqual({});
    expect(
      await patch(project, "environment", {
        domains: { trustedDomains: { 3: { baseUrl: "http://nested.example.com", handlerPath: "/nested" } } },
        "domains.trustedDomains.4.baseUrl": "http://dotted.example.com",
      }),
    ).toMatchObject({ status: 200 });
    expect((await configOf(project)).domains.trustedDomains).toEqual({ 3: { baseUrl: "http://nested.example.com", handlerPath: "/nested" } });
    expect(await patch(project, "environment", { "domains.trustedDomains.any": { baseUrl: "http://*:*", handlerPath: "/" } })).toMatchObject({ status: 200 });
  });

  it("keeps each level to its keys: environment-only keys at the branch level are refused, naming them", async () => {
    const project = await createProjectFixture(t);
    for (const [changes, key] of [
      [{ "domains.trustedDomains.my-domain": { baseUrl: "https://example.com", handlerPath: "/auth/handler" } }, "domains.trustedDomains"],
      [{ "emails.server": { isShared: false, host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "T", senderEmail: "t@example.com" } }, "emails.server"],
      [{ "auth.oauth.providers.google": { type: "google", isShared: false, clientId: "id", clientSecret: "secret" } }, "auth.oauth.providers.google.clientId"],
      [{ "teams.allowClientTeamCreation": true }, "teams"],
    ] as const) {
      const level = key === "teams" ? "project" : "branch";
      const response = await patch(project, level, changes);
      expect(response.status, key).toBe(400);
      expect(response.text).toContain(`"${key}`);
    }
    expect(await patch(project, "branch", { "auth.oauth.providers.my_provider": { type: "google", allowSignIn: true, allowConnectedAccounts: true } })).toMatchObject({
      status: 200,
    });
  });

  it("resets a parent key with everything below it, whether stored dotted or nested", async () => {
    const project = await createProjectFixture(t);
    await patch(project, "environment", {
      auth: { oauth: { providers: { google: { type: "google", isShared: false, clientId: "id", clientSecret: "secret", allowSignIn: true } } } },
      "teams.allowClientTeamCreation": true,
      "teams.createPersonalTeamOnSignUp": true,
    });
    const reset = (keys: string[]) => call(t, "POST", "/internal/config/override/environment/reset-keys", { creds: project.admin, body: { keys } });
    expect((await reset(["teams", "auth.oauth.providers.google"])).status).toBe(200);
    const stored = await overrideOf(project, "environment");
    expect(Object.keys(stored).filter((key) => key.startsWith("teams") || key === "auth")).toEqual([]);
    const config = await configOf(project);
    expect(config.auth.oauth.providers).toEqual({});
    expect(config.teams.allowClientTeamCreation).toBe(false);
    const project2 = (await call(t, "POST", "/internal/config/override/project/reset-keys", { creds: project.admin, body: { keys: [] } })).json;
    expect(project2.code).toBe("SCHEMA_ERROR");
  });

  it("reads a list of trusted domains pushed in Stack Auth's older form as a record", async () => {
    const project = await createProjectFixture(t);
    const list = [{ baseUrl: "https://one.example.com", handlerPath: "/handler" }];
    expect(await replace(project, "environment", { "domains.trustedDomains": list })).toMatchObject({ status: 200 });
    expect((await configOf(project)).domains.trustedDomains).toEqual({ 0: list[0] });
  });
});

describe("refused configuration overrides", () => {
  let project: ProjectFixture;
  beforeAll(async () => {
    project = await createProjectFixture(t);
    await patch(project, "environment", { "payments.items.credits": { displayName: "Credits", customerType: "user" }, "payments.productLines.plans": { customerType: "user" } });
  });

  // Each change, the key its refusal must name.
  const refused: Array<[string, Record<string, unknown>, string]> = [
    ["an unknown top-level key", { nonsense: true }, "nonsense"],
    ["an unknown nested key", { "auth.password.allowSignUp": true }, "auth.password.allowSignUp"],
    ["an unknown key inside a record entry", { "domains.trustedDomains.a": { baseUrl: "https://a.example.com", handlerPath: "/h", color: "red" } }, "domains.trustedDomains.a.color"],
    ["a string for a boolean", { "auth.allowSignUp": "yes" }, "auth.allowSignUp"],
    ["a number for a boolean", { "teams.allowClientTeamCreation": 1 }, "teams.allowClientTeamCreation"],
    ["an object for a boolean", { "apiKeys.enabled": { user: {} } }, "apiKeys.enabled.user"],
    ["an array for an object", { auth: [] }, "auth"],
    ["an unknown merge strategy", { "auth.oauth.accountMergeStrategy": "merge_all" }, "auth.oauth.accountMergeStrategy"],
    ["an unknown OAuth provider type", { "auth.oauth.providers.p": { type: "myspace", isShared: true } }, "auth.oauth.providers.p.type"],
    ["a standard provider without a client id", { "auth.oauth.providers.gh": { type: "github", isShared: false, clientSecret: "s" } }, "auth.oauth.providers.gh.clientId"],
    ["a standard provider without a client secret", { "auth.oauth.providers.gh": { type: "github", isShared: false, clientId: "i" } }, "auth.oauth.providers.gh.clientSecret"],
    ["an OpenID provider without an issuer", { "auth.oauth.providers.corp": { type: "oidc", isShared: false, clientId: "i", clientSecret: "s" } }, "auth.oauth.providers.corp.issuerUrl"],
    ["a provider without a type", { "auth.oauth.providers.q": { isShared: true } }, "auth.oauth.providers.q.type"],
    ["an own e-mail server without a host", { "emails.server": { isShared: false, port: 587, username: "u", password: "p", senderName: "n", senderEmail: "a@b.co" } }, "emails.server.host"],
    ["an own e-mail server without a sender", { "emails.server": { isShared: false, host: "smtp.example.com", port: 587, username: "u", password: "p" } }, "emails.server.senderName"],
    ["a port out of range", { "emails.server.port": 70000 }, "emails.server.port"],
    ["a fractional port", { "emails.server.port": 25.5 }, "emails.server.port"],
    ["a malformed sender e-mail", { "emails.server.senderEmail": "not-an-address" }, "emails.server.senderEmail"],
    ["a trusted domain that is not a URL", { "domains.trustedDomains.x": { baseUrl: "not a url", handlerPath: "/h" } }, "domains.trustedDomains.x.baseUrl"],
    ["a trusted domain with '..'", { "domains.trustedDomains.x": { baseUrl: "https://a..example.com", handlerPath: "/h" } }, "domains.trustedDomains.x.baseUrl"],
    ["a trusted domain without its base URL", { "domains.trustedDomains.x": { handlerPath: "/h" } }, "domains.trustedDomains.x.baseUrl"],
    ["a handler path without a leading slash", { "domains.trustedDomains.x": { baseUrl: "https://x.example.com", handlerPath: "handler" } }, "domains.trustedDomains.x.handlerPath"],
    ["an upper-case permission id", { "rbac.permissions.Admin": {} }, "rbac.permissions.Admin"],
    ["a custom permission id starting with $", { "rbac.permissions.$mine": {} }, "rbac.permissions.$mine"],
    ["containing a permission that does not exist", { "rbac.permissions.editor": { containedPermissionIds: { ghost: true } } }, "rbac.permissions.editor.containedPermissionIds.ghost"],
    ["a default permission set to false", { "rbac.defaultPermissions.teamMember.reader": false }, "rbac.defaultPermissions.teamMember.reader"],
    ["an unknown permission scope", { "rbac.permissions.viewer": { scope: "global" } }, "rbac.permissions.viewer.scope"],
    ["a product id starting with a hyphen", { "payments.products.-pro": { customerType: "user" } }, "payments.products.-pro"],
    ["an id longer than 63 characters", { [`payments.items.${"i".repeat(64)}`]: { customerType: "user" } }, `payments.items.${"i".repeat(64)}`],
    ["an amount with a leading zero", { "payments.products.pro": { customerType: "user", prices: { monthly: { USD: "05" } } } }, "payments.products.pro.prices.monthly.USD"],
    ["too many decimals for the currency", { "payments.products.pro": { customerType: "user", prices: { monthly: { USD: "5.001" } } } }, "payments.products.pro.prices.monthly.USD"],
    ["decimals in yen", { "payments.products.pro": { customerType: "user", prices: { monthly: { JPY: "500.5" } } } }, "payments.products.pro.prices.monthly.JPY"],
    ["a number as an amount", { "payments.products.pro": { customerType: "user", prices: { monthly: { USD: 5 } } } }, "payments.products.pro.prices.monthly.USD"],
    ["an unsupported currency", { "payments.products.pro": { customerType: "user", prices: { monthly: { BTC: "1" } } } }, "payments.products.pro.prices.monthly.BTC"],
    ["a price without any currency", { "payments.products.pro": { customerType: "user", prices: { monthly: { interval: [1, "month"] } } } }, "payments.products.pro.prices.monthly"],
    ["an interval with an unknown unit", { "payments.products.pro": { customerType: "user", prices: { monthly: { USD: "5", interval: [1, "fortnight"] } } } }, "payments.products.pro.prices.monthly.interval"],
    ["a negative duration", { "payments.products.pro": { customerType: "user", freeTrial: [-7, "day"] } }, "payments.products.pro.freeTrial"],
    ["a product in a product line that does not exist", { "payments.products.pro": { customerType: "user", productLineId: "nope" } }, "payments.products.pro.productLineId"],
    ["a product in a product line of another customer type", { "payments.products.pro": { customerType: "team", productLineId: "plans" } }, "payments.products.pro.customerType"],
    ["including an item that does not exist", { "payments.products.pro": { customerType: "user", includedItems: { gems: { quantity: 1 } } } }, "payments.products.pro.includedItems.gems"],
    ["including an item of another customer type", { "payments.products.pro": { customerType: "team", includedItems: { credits: { quantity: 1 } } } }, "payments.products.pro.includedItems.credits"],
    ["an add-on to itself", { "payments.products.pro": { customerType: "user", isAddOnTo: { pro: true } } }, "payments.products.pro.isAddOnTo.pro"],
    ["an add-on to a product for another customer type", { "payments.products.base": { customerType: "team" }, "payments.products.extra": { customerType: "user", isAddOnTo: { base: true } } }, "payments.products.extra.isAddOnTo.base"],
    ["a price id with a slash", { "payments.products.pro": { customerType: "user", prices: { "a/b": { USD: "1" } } } }, "payments.products.pro.prices.a/b"],
    ["a negative included quantity", { "payments.products.pro": { customerType: "user", includedItems: { credits: { quantity: -1 } } } }, "payments.products.pro.includedItems.credits.quantity"],
    ["an unknown customer type", { "payments.items.seats": { customerType: "org" } }, "payments.items.seats.customerType"],
    ["a product line of an unknown customer type", { "payments.productLines.orgs": { customerType: "org" } }, "payments.productLines.orgs.customerType"],
    ["a data vault store id with a space", { "dataVault.stores.my store": {} }, "dataVault.stores.my store"],
    ["a webhook endpoint without its URL", { "webhooks.endpoints.main": { enabled: true } }, "webhooks.endpoints.main.url"],
    ["a rate limit of zero", { "rateLimits.passwordSignIn": { max: 0 } }, "rateLimits.passwordSignIn.max"],
    ["a key with an empty segment", { "auth..allowSignUp": true }, "auth..allowSignUp"],
    ["a __proto__ key", { "__proto__.polluted": true }, "__proto__.polluted"],
  ];

  it.each(refused)("refuses %s with a 400 naming the key as text (as Stack Auth answers), and stores nothing", async (_name, changes, key) => {
    const before = await overrideOf(project, "environment");
    const response = await patch(project, "environment", changes);
    expect(response.status, response.text).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("x-stack-known-error")).toBeNull();
    expect(response.text).toContain(`"${key}"`);
    expect(await overrideOf(project, "environment")).toEqual(before);
  });

  it("refuses config strings that are not JSON objects, or hold what no body may", async () => {
    for (const config_override_string of ["{", "[]", "42"]) {
      const response = await call(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string } });
      expect(response.status, config_override_string).toBe(400);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(response.text).toMatch(config_override_string === "{" ? /is not valid JSON/ : /must be a JSON object/);
    }
    for (const config_override_string of ['{"auth":{"allowSignUp":1e999}}', '{"a\\u0000":true}', '{"dataVault":{"stores":{"s":{"displayName":"\\ud800"}}}}']) {
      const response = await call(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string } });
      expect(response.status, config_override_string).toBe(400);
      expect(response.json.code).toBe("SCHEMA_ERROR");
    }
    // Stack Auth's routes do not take its fourth level, organization.
    const badLevel = await call(t, "GET", "/internal/config/override/organization" as "/internal/config/override/{level}", { creds: project.admin });
    expect(badLevel.json.code).toBe("SCHEMA_ERROR");
    expect(badLevel.json.error).toContain("params.level must be one of the following values: project, branch, environment");
  });

  it("judges a change by the whole document: environment-level credentials complete a branch-level provider", async () => {
    const own = await createProjectFixture(t);
    // A provider the branch declares is shared (Stack Auth's default) until the environment gives it credentials.
    expect(await patch(own, "branch", { "auth.oauth.providers.gh": { type: "github", allowSignIn: true } })).toMatchObject({ status: 200 });
    expect((await configOf(own)).auth.oauth.providers.gh).toEqual({ type: "github", isShared: true, allowSignIn: true, allowConnectedAccounts: false });
    expect(await patch(own, "environment", { "auth.oauth.providers.gh.isShared": false, "auth.oauth.providers.gh.clientId": "i" })).toMatchObject({
      status: 400,
    });
    expect(
      await patch(own, "environment", { "auth.oauth.providers.gh.isShared": false, "auth.oauth.providers.gh.clientId": "i", "auth.oauth.providers.gh.clientSecret": "s" }),
    ).toMatchObject({ status: 200 });
    expect((await configOf(own)).auth.oauth.providers.gh).toMatchObject({ type: "github", isShared: false, clientId: "i", clientSecret: "s", allowSignIn: true });
  });

  it("holds a project in production mode to HTTPS trusted domains", async () => {
    const prod = await createProjectFixture(t);
    await patch(prod, "environment", { "domains.allowLocalhost": false });
    expect((await call(t, "PATCH", "/internal/projects/current", { creds: prod.admin, body: { is_production_mode: true } })).status).toBe(200);
    const response = await patch(prod, "environment", { "domains.trustedDomains.x": { baseUrl: "http://app.example.com", handlerPath: "/handler" } });
    expect(response.status).toBe(400);
    expect(response.text).toContain("Trusted domains should be HTTPS");
  });
});

describeSecurity({ operationId: "getConfig", method: "GET", path: "/internal/config", access: ["admin"] });
describeSecurity({ operationId: "getConfigOverride", method: "GET", path: "/internal/config/override/environment", access: ["server", "admin"] });
describeSecurity({
  operationId: "replaceConfigOverride",
  method: "PUT",
  path: "/internal/config/override/environment",
  access: ["server", "admin"],
  body: { config_string: "{}" },
});
describeSecurity({
  operationId: "updateConfigOverride",
  method: "PATCH",
  path: "/internal/config/override/environment",
  access: ["server", "admin"],
  body: { config_override_string: "{}" },
});
describeSecurity({
  operationId: "resetConfigOverrideKeys",
  method: "POST",
  path: "/internal/config/override/environment/reset-keys",
  access: ["admin"],
  body: { keys: [] },
});
describeSecurity({ operationId: "getConfigSource", method: "GET", path: "/internal/config/source", access: ["admin"] });
describeSecurity({ operationId: "unlinkConfigSource", method: "DELETE", path: "/internal/config/source", access: ["admin"] });
