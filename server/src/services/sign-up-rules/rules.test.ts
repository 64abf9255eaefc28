import { describe, expect, it } from "vitest";
import { defaultProjectConfig, type ProjectConfig, type SignUpRuleConfig } from "../project-config/document";
import { decideSignUp, orderedRules, signUpContext } from "./rules";

function configWith(rules: Record<string, SignUpRuleConfig>, defaultAction: "allow" | "reject" = "allow"): ProjectConfig {
  const config = defaultProjectConfig();
  config.auth.signUpRules = rules;
  config.auth.signUpRulesDefaultAction = defaultAction;
  return config;
}
const rule = (condition: string, type: "allow" | "reject" | "restrict" | "log", priority = 0, extra: Partial<SignUpRuleConfig> = {}): SignUpRuleConfig => ({
  enabled: true,
  priority,
  condition,
  action: { type },
  ...extra,
});
const context = (email = "someone@example.com") => signUpContext({ email, authMethod: "password" });

describe("the sign-up context", () => {
  it("normalizes the e-mail and splits off its domain; unknown values are empty strings and scores 0", () => {
    expect(signUpContext({ email: "  Ada@Example.COM ", authMethod: "oauth", oauthProvider: "github", countryCode: "de" })).toEqual({
      email: "ada@example.com",
      emailDomain: "example.com",
      countryCode: "DE",
      authMethod: "oauth",
      oauthProvider: "github",
      riskScores: { bot: 0, free_trial_abuse: 0 },
    });
    expect(signUpContext({ email: null, authMethod: "oauth" })).toMatchObject({ email: "", emailDomain: "", countryCode: "", oauthProvider: "" });
  });
});

describe("deciding a sign-up", () => {
  it("orders rules by priority, highest first, then by id", () => {
    const config = configWith({ b: rule("true", "log", 1), a: rule("true", "log", 1), z: rule("true", "log", 5), c: rule("true", "log", 0) });
    expect(orderedRules(config).map(([id]) => id)).toEqual(["z", "a", "b", "c"]);
  });

  it("lets the first matching allow or reject decide, whatever comes after", () => {
    const config = configWith({ "allow-all": rule("true", "allow", 1), "reject-all": rule("true", "reject", 2) });
    expect(decideSignUp(config, context())).toMatchObject({ shouldAllow: false, decision: "reject", decisionRuleId: "reject-all" });
    const sameTier = configWith({ zzz: rule("true", "allow"), aaa: rule("true", "reject") });
    expect(decideSignUp(sameTier, context())).toMatchObject({ decision: "reject", decisionRuleId: "aaa" });
    const allowFirst = configWith({ vip: rule('emailDomain == "vip.com"', "allow", 10), rest: rule("true", "reject", 5) }, "reject");
    const decided = decideSignUp(allowFirst, context("a@vip.com"));
    expect(decided).toMatchObject({ shouldAllow: true, decision: "allow", decisionRuleId: "vip" });
    expect(decided.evaluations.map((e) => e.ruleId)).toEqual(["vip"]);
  });

  it("goes on after log and restrict, counts every rule that matched, and names the first restrict rule", () => {
    const config = configWith(
      {
        "a-log": rule("true", "log", 30),
        "b-restrict": rule('emailDomain == "example.com"', "restrict", 20),
        "c-restrict": rule("true", "restrict", 15),
        "d-allow": rule("true", "allow", 10),
      },
      "reject",
    );
    const decision = decideSignUp(config, context());
    expect(decision).toMatchObject({ shouldAllow: true, decision: "allow", decisionRuleId: "d-allow", restrictedBecauseOfRuleId: "b-restrict" });
    expect(decision.triggered).toEqual([
      { ruleId: "a-log", action: "log" },
      { ruleId: "b-restrict", action: "restrict" },
      { ruleId: "c-restrict", action: "restrict" },
      { ruleId: "d-allow", action: "allow" },
    ]);
  });

  it("falls back on the default action when no allow or reject rule matched", () => {
    const rules = { "log-all": rule("true", "log"), restrict: rule('email.contains("x")', "restrict") };
    expect(decideSignUp(configWith(rules, "allow"), context())).toMatchObject({ shouldAllow: true, decision: "default-allow", decisionRuleId: null });
    expect(decideSignUp(configWith(rules, "reject"), context())).toMatchObject({ shouldAllow: false, decision: "default-reject", decisionRuleId: null });
    expect(decideSignUp(configWith({}), context())).toMatchObject({ shouldAllow: true, decision: "default-allow", evaluations: [] });
  });

  it("skips disabled rules (enabled is false unless set), rules without a condition, and conditions that fail", () => {
    const config = configWith({
      off: rule("true", "reject", 9, { enabled: false }),
      unset: { priority: 8, condition: "true", action: { type: "reject" } },
      empty: rule("", "reject", 7),
      broken: rule('email.matches("(")', "reject", 6),
      real: rule("false", "reject", 5),
    });
    const decision = decideSignUp(config, context());
    expect(decision.shouldAllow).toBe(true);
    expect(decision.evaluations.map((e) => [e.ruleId, e.status])).toEqual([
      ["off", "disabled"],
      ["unset", "disabled"],
      ["empty", "missing_condition"],
      ["broken", "error"],
      ["real", "not_matched"],
    ]);
    expect(decision.evaluations[3]!.error).toMatch(/regexp/);
    expect(decision.triggered).toEqual([]);
  });

  it("fills a rule's missing fields with their defaults: priority 0, action allow", () => {
    const config = configWith({ bare: { enabled: true, condition: "true" } }, "reject");
    expect(decideSignUp(config, context())).toMatchObject({ decision: "allow", decisionRuleId: "bare" });
  });
});
