/**
 * Deciding a sign-up by the project's rules (config `auth.signUpRules`), the way Stack Auth
 * does: rules run by priority, highest first, then by id; disabled rules and rules without a
 * condition are skipped; the first matching `allow` or `reject` decides; a matching `restrict`
 * marks the new user restricted (the first such rule is the one named) and `log` only counts,
 * both letting the rules after them run; when no rule decides, the default action does. A
 * condition that fails to run (a bad regex, a wrong type) does not match.
 *
 * Everything here is pure: recording what matched, and acting on the decision, is the
 * caller's (admission.ts), so that the same decision also serves the dashboard's trial run.
 */
import type { ProjectConfig, SignUpRuleActionType, SignUpRuleConfig } from "../project-config/document";
import { normalizeEmail } from "../auth/passwords";
import { evaluateCondition, type ConditionBindings } from "./conditions";

export const SIGN_UP_AUTH_METHODS = ["password", "otp", "oauth", "passkey"] as const;
export type SignUpAuthMethod = (typeof SIGN_UP_AUTH_METHODS)[number];
export const SIGN_UP_RULE_ACTIONS = ["allow", "reject", "restrict", "log"] as const satisfies readonly SignUpRuleActionType[];

export type RiskScores = { bot: number; free_trial_abuse: number };
export const NO_RISK: RiskScores = { bot: 0, free_trial_abuse: 0 };

/** What a condition sees of a sign-up; every value is a string (empty when unknown) but the scores. */
export type SignUpContext = ConditionBindings;

export function signUpContext(input: {
  email: string | null;
  authMethod: SignUpAuthMethod;
  oauthProvider?: string | null;
  countryCode?: string | null;
  riskScores?: RiskScores;
}): SignUpContext {
  const email = input.email ? normalizeEmail(input.email) : "";
  const at = email.lastIndexOf("@");
  return {
    email,
    emailDomain: at >= 0 ? email.slice(at + 1) : "",
    countryCode: input.countryCode?.trim().toUpperCase() ?? "",
    authMethod: input.authMethod,
    oauthProvider: input.oauthProvider ?? "",
    riskScores: input.riskScores ?? NO_RISK,
  };
}

/** A rule with its defaults filled in, as the rendered document leaves fields out. */
export interface SignUpRule {
  enabled: boolean;
  displayName: string;
  priority: number;
  condition: string;
  action: { type: SignUpRuleActionType; message?: string };
}

export function normalizeRule(rule: SignUpRuleConfig): SignUpRule {
  return {
    enabled: rule.enabled === true,
    displayName: rule.displayName ?? "",
    priority: rule.priority ?? 0,
    condition: rule.condition ?? "",
    action: { type: rule.action?.type ?? "allow", ...(rule.action?.message !== undefined ? { message: rule.action.message } : {}) },
  };
}

/** The rules in the order they run: priority descending, then id (code point order). */
export function orderedRules(config: ProjectConfig): Array<[string, SignUpRule]> {
  return Object.entries(config.auth.signUpRules)
    .map(([id, rule]): [string, SignUpRule] => [id, normalizeRule(rule)])
    .sort(([idA, a], [idB, b]) => b.priority - a.priority || (idA < idB ? -1 : idA > idB ? 1 : 0));
}

export type RuleStatus = "matched" | "not_matched" | "disabled" | "missing_condition" | "error";

export interface RuleEvaluation {
  ruleId: string;
  rule: SignUpRule;
  status: RuleStatus;
  error?: string;
}

export interface SignUpDecision {
  /** Every rule looked at, in order, up to the one that decided. */
  evaluations: RuleEvaluation[];
  /** The rules whose condition held, with their actions: what the statistics count. */
  triggered: Array<{ ruleId: string; action: SignUpRuleActionType }>;
  shouldAllow: boolean;
  decision: "allow" | "reject" | "default-allow" | "default-reject";
  decisionRuleId: string | null;
  restrictedBecauseOfRuleId: string | null;
}

export function decideSignUp(config: ProjectConfig, context: SignUpContext): SignUpDecision {
  const evaluations: RuleEvaluation[] = [];
  const triggered: SignUpDecision["triggered"] = [];
  let restrictedBecauseOfRuleId: string | null = null;
  for (const [ruleId, rule] of orderedRules(config)) {
    if (!rule.enabled) {
      evaluations.push({ ruleId, rule, status: "disabled" });
      continue;
    }
    if (!rule.condition) {
      evaluations.push({ ruleId, rule, status: "missing_condition" });
      continue;
    }
    const result = evaluateCondition(rule.condition, context);
    if (!result.ok) {
      evaluations.push({ ruleId, rule, status: "error", error: result.error });
      continue;
    }
    evaluations.push({ ruleId, rule, status: result.matches ? "matched" : "not_matched" });
    if (!result.matches) continue;
    const type = rule.action.type;
    triggered.push({ ruleId, action: type });
    if (type === "restrict") restrictedBecauseOfRuleId ??= ruleId;
    if (type === "allow" || type === "reject") {
      return { evaluations, triggered, shouldAllow: type === "allow", decision: type, decisionRuleId: ruleId, restrictedBecauseOfRuleId };
    }
  }
  const shouldAllow = config.auth.signUpRulesDefaultAction !== "reject";
  return {
    evaluations,
    triggered,
    shouldAllow,
    decision: shouldAllow ? "default-allow" : "default-reject",
    decisionRuleId: null,
    restrictedBecauseOfRuleId,
  };
}
