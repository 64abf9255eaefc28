import { describe, expect, it } from "vitest";
import { APP_IDS } from "./apps";
import { migrateLegacyKeys } from "./legacy-keys";
import { renderConfig } from "./render";
import { overrideProblems } from "./schema";

describe("which keys each level may hold (Stack Auth's config schema)", () => {
  it("takes only sourceOfTruth and project at the project level", () => {
    expect(overrideProblems({ "project.requirePublishableClientKey": true, sourceOfTruth: { type: "postgres", connectionString: "postgres://db" } }, "project")).toEqual([]);
    expect(overrideProblems({ "teams.allowClientTeamCreation": true }, "project")).toEqual(['"teams": not a configuration key']);
  });

  it("refuses sourceOfTruth and project below the project level", () => {
    for (const level of ["branch", "environment"] as const) {
      expect(overrideProblems({ "project.requirePublishableClientKey": true }, level)).toEqual(['"project": not a configuration key']);
      expect(overrideProblems({ sourceOfTruth: { type: "hosted" } }, level)).toEqual(['"sourceOfTruth": not a configuration key']);
    }
  });

  it("keeps deployment-specific keys (domains, OAuth credentials, the e-mail server, test mode, webhooks) to the environment level", () => {
    const environmentOnly: Array<[Record<string, unknown>, string]> = [
      [{ "domains.allowLocalhost": true }, "domains.allowLocalhost"],
      [{ "domains.trustedDomains.main": { baseUrl: "https://a.example.com" } }, "domains.trustedDomains"],
      [{ "auth.oauth.providers.google": { type: "google", clientId: "i" } }, "auth.oauth.providers.google.clientId"],
      [{ "auth.oauth.providers.google": { type: "google", isShared: false } }, "auth.oauth.providers.google.isShared"],
      [{ "emails.server": { isShared: true } }, "emails.server"],
      [{ "payments.testMode": false }, "payments.testMode"],
      [{ "webhooks.endpoints.e": { url: "https://hooks.example.com" } }, "webhooks"],
    ];
    for (const [override, key] of environmentOnly) {
      expect(overrideProblems(override, "environment"), key).toEqual([]);
      expect(overrideProblems(override, "branch").join(";"), key).toContain(`"${key}"`);
    }
  });

  it("takes every key an app declares at the branch and environment levels", () => {
    const declared = {
      "rbac.permissions.editor": { description: "Edits", scope: "team", containedPermissionIds: { $read_members: true } },
      "rbac.defaultPermissions.teamCreator": { editor: true },
      "teams.createPersonalTeamOnSignUp": true,
      "users.allowClientUserDeletion": true,
      "onboarding.requireEmailVerification": true,
      "apiKeys.enabled.team": true,
      "apps.installed.authentication": { enabled: true },
      "apps.installed.data-vault.enabled": true,
      "auth.allowSignUp": false,
      "auth.password.allowSignIn": true,
      "auth.otp.allowSignIn": true,
      "auth.passkey.allowSignIn": true,
      "auth.oauth.accountMergeStrategy": "raise_error",
      "auth.oauth.providers.my_provider": { type: "google", allowSignIn: true, allowConnectedAccounts: true },
      "dbSync.externalDatabases.warehouse": { type: "postgres", connectionString: "postgres://warehouse" },
      "dataVault.stores.notes": { displayName: "Notes" },
      domains: {},
    };
    expect(overrideProblems(declared, "branch")).toEqual([]);
    expect(overrideProblems(declared, "environment")).toEqual([]);
  });

  it("refuses an app id Stack Auth does not have, and a sourceOfTruth type it does not know", () => {
    expect(overrideProblems({ "apps.installed.spreadsheets": { enabled: true } }, "branch").join(";")).toContain('"apps.installed.spreadsheets"');
    expect(overrideProblems({ "sourceOfTruth.type": "mysql" }, "project").join(";")).toContain('"sourceOfTruth.type"');
    expect(overrideProblems({ "dbSync.externalDatabases.w": { type: "mysql" } }, "branch").join(";")).toContain('"dbSync.externalDatabases.w.type"');
  });

  it("takes a trusted domain whose port is a wildcard", () => {
    expect(overrideProblems({ domains: { trustedDomains: { 1: { baseUrl: "http://*:*", handlerPath: "/" } } } }, "environment")).toEqual([]);
    expect(overrideProblems({ "domains.trustedDomains.1": { baseUrl: "http://*:x*", handlerPath: "/" } }, "environment")).not.toEqual([]);
  });
});

describe("rendering Stack Auth's keys", () => {
  it("lists every app, switched off, in the app store's order, and the hosted source of truth, when nothing is set", () => {
    const config = renderConfig([]);
    expect(Object.keys(config.apps.installed)).toEqual([...APP_IDS]);
    expect(Object.values(config.apps.installed).every((app) => app.enabled === false)).toBe(true);
    expect(config.sourceOfTruth).toEqual({ type: "hosted" });
    expect(config.dbSync).toEqual({ externalDatabases: {} });
    expect(config.auth).not.toHaveProperty("anonymous");
  });

  it("keeps the app store's order whatever order the overrides install apps in", () => {
    const config = renderConfig([{}, {}, { "apps.installed.emails": { enabled: true }, "apps.installed.authentication": { enabled: true } }]);
    expect(Object.keys(config.apps.installed)).toEqual([...APP_IDS]);
    expect(config.apps.installed.authentication.enabled).toBe(true);
    expect(config.apps.installed.emails.enabled).toBe(true);
    expect(config.apps.installed.teams.enabled).toBe(false);
  });

  it("renders a complete source of truth and reads an incomplete one as hosted", () => {
    expect(renderConfig([{ sourceOfTruth: { type: "postgres", connectionString: "postgres://db" } }]).sourceOfTruth).toEqual({
      type: "postgres",
      connectionString: "postgres://db",
    });
    expect(renderConfig([{ sourceOfTruth: { type: "neon", connectionStrings: { main: "postgres://neon" } } }]).sourceOfTruth).toEqual({
      type: "neon",
      connectionStrings: { main: "postgres://neon" },
    });
    expect(renderConfig([{ sourceOfTruth: { type: "postgres" } }]).sourceOfTruth).toEqual({ type: "hosted" });
  });

  it("gives record entries their defaults: a trusted domain's handler path, a provider shared, a store's name", () => {
    const config = renderConfig([
      {},
      { "auth.oauth.providers.github": { type: "github" }, "dataVault.stores.notes": {} },
      { "domains.trustedDomains.main": { baseUrl: "https://app.example.com" } },
    ]);
    expect(config.domains.trustedDomains.main).toEqual({ baseUrl: "https://app.example.com", handlerPath: "/handler" });
    expect(config.auth.oauth.providers.github).toEqual({ type: "github", isShared: true, allowSignIn: false, allowConnectedAccounts: false });
    expect(config.dataVault.stores.notes).toEqual({ displayName: "Unnamed Vault" });
  });
});

describe("Stack Auth's legacy keys", () => {
  it("reads a list of trusted domains as a record by position at the environment level", () => {
    const list = [{ baseUrl: "https://a.example.com", handlerPath: "/h" }, { baseUrl: "https://b.example.com", handlerPath: "/h" }];
    expect(migrateLegacyKeys("environment", { domains: { trustedDomains: list } })).toEqual({ domains: { trustedDomains: { 0: list[0], 1: list[1] } } });
    expect(migrateLegacyKeys("environment", { "domains.trustedDomains": list })).toEqual({ "domains.trustedDomains": { 0: list[0], 1: list[1] } });
    expect(renderConfig([{}, {}, { "domains.trustedDomains": list }]).domains.trustedDomains["1"]?.baseUrl).toBe("https://b.example.com");
  });

  it("drops sourceOfTruth below the project level, and the retired workflows", () => {
    const old = { sourceOfTruth: { type: "hosted" }, workflows: { a: {} }, "apps.installed.workflows": { enabled: true }, apps: { installed: { workflows: {}, teams: { enabled: true } } } };
    expect(migrateLegacyKeys("branch", old)).toEqual({ apps: { installed: { teams: { enabled: true } } } });
    expect(migrateLegacyKeys("project", { sourceOfTruth: { type: "hosted" } })).toEqual({ sourceOfTruth: { type: "hosted" } });
  });
});
