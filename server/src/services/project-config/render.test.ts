import { describe, expect, it } from "vitest";
import { defaultProjectConfig } from "./document";
import { applyToOverride, expandDottedKeys, renderConfig } from "./render";

describe("configuration rendering", () => {
  it("renders the defaults when nothing is overridden", () => {
    expect(renderConfig([])).toEqual(defaultProjectConfig());
  });

  it("lets later levels win and merges nested objects", () => {
    const config = renderConfig([
      { auth: { allowSignUp: false, otp: { allowSignIn: true } } },
      { "auth.allowSignUp": true },
      { teams: { allowClientTeamCreation: true } },
    ]);
    expect(config.auth.allowSignUp).toBe(true);
    expect(config.auth.otp.allowSignIn).toBe(true);
    expect(config.auth.password.allowSignIn).toBe(true);
    expect(config.teams).toEqual({ createPersonalTeamOnSignUp: false, allowClientTeamCreation: true });
  });

  it("drops __proto__ keys, so no override can reach an object's prototype", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "a.__proto__.polluted": 2, "rbac": {"permissions": {"__proto__": {"scope": "team"}, "constructor": {}}}}');
    const config = renderConfig([hostile]);
    const written = applyToOverride({}, hostile);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect(Object.keys(config.rbac.permissions)).toEqual(["constructor"]);
    expect(written).toEqual({ rbac: { permissions: { constructor: {} } } });
  });

  it("expands dotted keys", () => {
    expect(expandDottedKeys({ "a.b.c": 1, a: { d: 2 } })).toEqual({ a: { b: { c: 1 }, d: 2 } });
  });

  it("replaces what a dotted key names when writing an override, keeping siblings", () => {
    const stored = { domains: { trustedDomains: { one: { baseUrl: "https://a.com" } }, allowLocalhost: false } };
    const next = applyToOverride(stored, { "domains.trustedDomains": { two: { baseUrl: "https://b.com" } } });
    expect(next).toEqual({ domains: { trustedDomains: { two: { baseUrl: "https://b.com" } }, allowLocalhost: false } });
    expect(stored.domains.trustedDomains).toHaveProperty("one");
  });
});
