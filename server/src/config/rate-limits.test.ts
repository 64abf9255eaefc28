import { describe, expect, it } from "vitest";
import { loadConfig } from "./env";

describe("the server-wide rate limits", () => {
  it("are the built-in ones by default", () => {
    const { rateLimits } = loadConfig({});
    expect(rateLimits.signInPerIp).toEqual({ max: 100, windowSeconds: 600 });
    expect(rateLimits.signInPerEmailAndIp).toEqual({ max: 20, windowSeconds: 600 });
    expect(rateLimits.signInPerEmail).toEqual({ max: 200, windowSeconds: 3600 });
    expect(rateLimits.signUpPerIp).toEqual({ max: 50, windowSeconds: 3600 });
  });

  it("scale by RATE_LIMIT_MULTIPLIER, never below one, and RATE_LIMITS replaces single rules", () => {
    const { rateLimits } = loadConfig({ RATE_LIMIT_MULTIPLIER: "0.01", RATE_LIMITS: " sign_in_per_ip=7/30, code_check_per_ip=9 " });
    expect(rateLimits.signUpPerIp).toEqual({ max: 1, windowSeconds: 3600 });
    expect(rateLimits.signInPerEmail).toEqual({ max: 2, windowSeconds: 3600 });
    expect(rateLimits.signInPerIp).toEqual({ max: 7, windowSeconds: 30 });
    expect(rateLimits.codeCheckPerIp).toEqual({ max: 9, windowSeconds: 600 });
  });

  it.each([
    ["RATE_LIMITS", "sign_in_per_planet=5", /sign_in_per_planet/],
    ["RATE_LIMITS", "sign_in_per_ip=0", /max must be 1 to/],
    ["RATE_LIMITS", "sign_in_per_ip=5/86401", /window_seconds must be 1 to 86400/],
    ["RATE_LIMITS", "sign_in_per_ip", /rule=max/],
    ["RATE_LIMIT_MULTIPLIER", "0", /RATE_LIMIT_MULTIPLIER/],
    ["RATE_LIMIT_MULTIPLIER", "lots", /RATE_LIMIT_MULTIPLIER/],
  ])("refuse to start with %s=%s", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
