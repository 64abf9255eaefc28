import { describe, expect, it } from "vitest";
import { defaultProjectConfig } from "./document";
import { expandDottedKeys, overrideWith, renderConfig, withoutKeys } from "./render";

describe("configuration rendering", () => {
  it("renders the defaults when nothing is overridden (less Gatehouse's own keys while they are empty)", () => {
    const { auth, auditLog, ...rest } = defaultProjectConfig();
    const { anonymous, ...stackAuth } = auth;
    expect(anonymous).toEqual({});
    expect(auditLog).toEqual({});
    expect(renderConfig([])).toEqual({ ...rest, auth: stackAuth });
    expect(renderConfig([{}, {}, { "auth.anonymous.allowSignUp": false }]).auth.anonymous).toEqual({ allowSignUp: false });
    expect(renderConfig([{}, { "auditLog.retentionDays": 90 }]).auditLog).toEqual({ retentionDays: 90 });
  });

  it("lets later levels win; a dotted key writes into what is there, keeping its siblings", () => {
    const config = renderConfig([{ "project.requirePublishableClientKey": true }, { auth: { allowSignUp: false, otp: { allowSignIn: true } } }, { "auth.allowSignUp": true }]);
    expect(config.project.requirePublishableClientKey).toBe(true);
    expect(config.auth.allowSignUp).toBe(true);
    expect(config.auth.otp.allowSignIn).toBe(true);
    expect(config.auth.password.allowSignIn).toBe(true);
  });

  it("lets an object at a later level replace the earlier level's keys below it, the defaults filling the rest (Stack Auth's rule)", () => {
    const config = renderConfig([{}, { "teams.allowClientTeamCreation": true, "auth.oauth.providers.gh": { type: "github", allowSignIn: true } }, { teams: { createPersonalTeamOnSignUp: true } }]);
    expect(config.teams).toEqual({ createPersonalTeamOnSignUp: true, allowClientTeamCreation: false });
    expect(config.auth.oauth.providers.gh).toEqual({ type: "github", isShared: true, allowSignIn: true, allowConnectedAccounts: false });
  });

  it("places shallow keys before deep ones, whatever their order in the document", () => {
    const config = renderConfig([{}, {}, { "domains.trustedDomains.a.handlerPath": "/deep", "domains.trustedDomains.a": { baseUrl: "https://a.example.com", handlerPath: "/h" } }]);
    expect(config.domains.trustedDomains.a).toEqual({ baseUrl: "https://a.example.com", handlerPath: "/deep" });
  });

  it("ignores a dotted key into an entry no level created, as Stack Auth does", () => {
    const config = renderConfig([{}, {}, { "domains.trustedDomains.2.baseUrl": "https://example.com", "domains.trustedDomains.2.handlerPath": "/handler" }]);
    expect(config.domains.trustedDomains).toEqual({});
    const laterLevel = renderConfig([{}, { "domains.trustedDomains.x": { baseUrl: "https://x.example.com" } }, { "domains.trustedDomains.x.handlerPath": "/auth" }]);
    expect(laterLevel.domains.trustedDomains.x).toEqual({ baseUrl: "https://x.example.com", handlerPath: "/auth" });
  });

  it("reads null as the default for a setting and as removal for a record entry, whatever level defined it", () => {
    const config = renderConfig([{}, { "teams.allowClientTeamCreation": true, "dataVault.stores.notes": {} }, { "teams.allowClientTeamCreation": null, "dataVault.stores.notes": null }]);
    expect(config.teams.allowClientTeamCreation).toBe(false);
    expect(config.dataVault.stores).toEqual({});
  });

  it("drops __proto__ keys, so no override can reach an object's prototype", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "a.__proto__.polluted": 2, "rbac": {"permissions": {"__proto__": {"scope": "team"}, "constructor": {}}}}');
    const config = renderConfig([{}, hostile]);
    const written = overrideWith({}, hostile);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect(Object.keys(config.rbac.permissions)).toEqual(["constructor"]);
    expect(Object.keys(written)).toEqual(["rbac"]);
  });

  it("expands dotted keys", () => {
    expect(expandDottedKeys({ "a.b.c": 1, a: { d: 2 } })).toEqual({ a: { b: { c: 1 }, d: 2 } });
  });
});

describe("writing into a stored override", () => {
  it("replaces each key given and every stored key below it, keeping the rest as stored", () => {
    const stored = { "teams.allowClientTeamCreation": true, "users.allowClientUserDeletion": true, "domains.trustedDomains.one": { baseUrl: "https://a.com" } };
    expect(overrideWith(stored, { teams: { createPersonalTeamOnSignUp: true }, "domains.trustedDomains": {} })).toEqual({
      "users.allowClientUserDeletion": true,
      teams: { createPersonalTeamOnSignUp: true },
      "domains.trustedDomains": {},
    });
    expect(stored).toHaveProperty(["domains.trustedDomains.one"]);
  });

  it("keeps a stored nested object that holds the key given: rendering lets the deeper key win", () => {
    const stored = { auth: { oauth: { providers: { google: { type: "google", clientId: "old" } } } } };
    const next = overrideWith(stored, { "auth.oauth.providers.google": { type: "google", isShared: true } });
    expect(next).toEqual({ ...stored, "auth.oauth.providers.google": { type: "google", isShared: true } });
    expect(renderConfig([{}, {}, next]).auth.oauth.providers.google).toEqual({ type: "google", isShared: true, allowSignIn: false, allowConnectedAccounts: false });
  });

  it("removes keys and all below them, dotted or nested, dropping objects left empty", () => {
    const stored = {
      "teams.allowClientTeamCreation": true,
      "teams.createPersonalTeamOnSignUp": true,
      "users.allowClientUserDeletion": true,
      auth: { oauth: { providers: { google: { type: "google" } } } },
    };
    expect(withoutKeys(stored, ["teams", "auth.oauth.providers.google", "no.such.key"])).toEqual({ "users.allowClientUserDeletion": true });
    expect(withoutKeys(stored, [])).toBe(stored);
  });
});
