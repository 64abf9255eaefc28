import { describe, expect, it } from "vitest";
import { CONDITION_MAX_LENGTH, conditionProblem, evaluateCondition, type ConditionBindings } from "./conditions";

const bindings = (overrides: Partial<ConditionBindings> = {}): ConditionBindings => ({
  email: "ada.lovelace+test@example.com",
  emailDomain: "example.com",
  countryCode: "GB",
  authMethod: "password",
  oauthProvider: "",
  riskScores: { bot: 33, free_trial_abuse: 44 },
  ...overrides,
});
const run = (source: string, overrides: Partial<ConditionBindings> = {}) => evaluateCondition(source, bindings(overrides));

describe("sign-up rule conditions (CEL)", () => {
  it("reads every context variable, with CEL's string functions, lists and logic", () => {
    const matches = [
      'email == "ada.lovelace+test@example.com"',
      'emailDomain == "example.com" && authMethod == "password"',
      'email.contains("+test") && email.startsWith("ada") && email.endsWith("@example.com")',
      'emailDomain in ["example.org", "example.com"]',
      '!(authMethod in ["otp", "oauth"])',
      'countryCode == "GB" || countryCode == "IE"',
      "riskScores.bot == 33 && riskScores.free_trial_abuse > 40 && riskScores.bot >= 33.0",
      'oauthProvider == ""',
      'email.matches("^[a-z.]+\\\\+test@")',
      "email.size() > 10",
      "true",
    ];
    for (const source of matches) expect(run(source), source).toEqual({ ok: true, matches: true });
    for (const source of ["false", 'email.contains("spam")', "riskScores.bot > 50", 'countryCode in ["US", "CA"]']) {
      expect(run(source), source).toEqual({ ok: true, matches: false });
    }
  });

  it("treats the values it is given as values: quotes and backslashes in them are never code", () => {
    const email = 'x"||true||"@example.com';
    expect(run('email == "nobody@example.com"', { email })).toEqual({ ok: true, matches: false });
    expect(run('email.contains("test\\"value")', { email: 'test"value@example.com' })).toEqual({ ok: true, matches: true });
    expect(run('email.contains("a\\\\b")', { email: "a\\b@example.com" })).toEqual({ ok: true, matches: true });
    // contains() is literal, not a pattern.
    expect(run('email.contains(".+")', { email: "plain@example.com" })).toEqual({ ok: true, matches: false });
  });

  it("answers an error, never a match, for a bad regex, a non-boolean, an unknown name or a runtime fault", () => {
    for (const source of ['email.matches("test(unclosed")', "email", "riskScores.bot", "unknown == 1", "riskScores.other == 1", "1 / 0 == 1"]) {
      const result = run(source);
      expect(result.ok, source).toBe(false);
      expect(result).toMatchObject({ error: expect.any(String) });
    }
  });

  it("runs regexes in linear time (RE2): a pattern that makes a backtracking engine explode is quick", () => {
    const started = performance.now();
    expect(run('email.matches("^(a+)+$")', { email: `${"a".repeat(5_000)}!` })).toEqual({ ok: true, matches: false });
    expect(performance.now() - started).toBeLessThan(2_000);
    // The price of RE2: no backreferences.
    expect(run('email.matches("^(a)\\\\1")', { email: "aa@example.com" }).ok).toBe(false);
  });

  it("checks a condition before it is saved: syntax, length, size and the refused macros", () => {
    expect(conditionProblem('email.endsWith("@example.com")')).toBeNull();
    expect(conditionProblem("email ==")).toMatch(/not a valid CEL expression/);
    expect(conditionProblem(`email == "${"a".repeat(CONDITION_MAX_LENGTH)}"`)).toMatch(/at most 4096 characters/);
    expect(conditionProblem(Array.from({ length: 300 }, () => "true").join(" && "))).toMatch(/too large/);
    expect(conditionProblem('["a", "b"].exists(d, emailDomain == d)')).toMatch(/macros/);
    expect(conditionProblem("[1, 2].map(x, [1, 2].map(y, x * y)).size() > 0")).toMatch(/macros/);
    // A regex is only compiled when the rule runs, so a bad one is saved, and fails safely then.
    expect(conditionProblem('email.matches("(")')).toBeNull();
  });

  it("refuses at run time what it would refuse at save time", () => {
    expect(run('["example.com"].exists(d, emailDomain == d)')).toEqual({ ok: false, error: expect.stringMatching(/macros/) });
  });
});
