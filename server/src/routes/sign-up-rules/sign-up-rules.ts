import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SIGN_UP_AUTH_METHODS, SIGN_UP_RULE_ACTIONS } from "../../services/sign-up-rules/rules";
import { signUpRuleStats } from "../../services/sign-up-rules/stats";
import { trySignUpRules } from "../../services/sign-up-rules/trial";

const RiskScore = z.number().int().min(0).max(100);
const RiskScoresSchema = z.object({ bot: RiskScore, free_trial_abuse: RiskScore }).openapi("SignUpRiskScores");
const TURNSTILE_RESULTS = ["ok", "invalid", "error"] as const;

const CountryCode = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, "a 2-letter country code"));

const SignUpRulesTestBody = z
  .strictObject({
    email: z.string().max(1024).nullable().openapi({ description: "The address signing up; null for a sign-up without one (some OAuth providers)" }),
    auth_method: z.enum(SIGN_UP_AUTH_METHODS),
    oauth_provider: z.string().max(256).nullable().openapi({ description: "The OAuth provider's id, for `oauth`" }),
    country_code: CountryCode.nullable().openapi({ description: "ISO 3166-1 alpha-2; null: the caller's own, when a trusted proxy says it" }),
    turnstile_result: z.enum(TURNSTILE_RESULTS).optional().openapi({ description: "Echoed in the context; this server derives no risk from it" }),
    risk_scores: RiskScoresSchema.optional().openapi({ description: "Scores to try; left out: the derived ones (0 and 0 here)" }),
  })
  .openapi("SignUpRulesTestRequest");

const SignUpRuleActionSchema = z.object({ type: z.enum(SIGN_UP_RULE_ACTIONS), message: z.string().optional() }).openapi("SignUpRuleAction");

const SignUpRulesTestResultSchema = z
  .object({
    context: z.object({
      email: z.string(),
      email_domain: z.string(),
      country_code: z.string(),
      auth_method: z.enum(SIGN_UP_AUTH_METHODS),
      oauth_provider: z.string(),
      turnstile_result: z.enum(TURNSTILE_RESULTS),
      risk_scores: RiskScoresSchema,
    }),
    evaluations: z.array(
      z
        .object({
          rule_id: z.string(),
          display_name: z.string(),
          enabled: z.boolean(),
          condition: z.string(),
          status: z.enum(["matched", "not_matched", "disabled", "missing_condition", "error"]),
          action: SignUpRuleActionSchema,
          error: z.string().optional().openapi({ description: "Why the condition could not be run (status `error`)" }),
        })
        .openapi("SignUpRuleEvaluation"),
    ),
    outcome: z.object({
      should_allow: z.boolean(),
      decision: z.enum(["allow", "reject", "default-allow", "default-reject"]),
      decision_rule_id: z.string().nullable(),
      restricted_because_of_rule_id: z.string().nullable(),
    }),
  })
  .openapi("SignUpRulesTestResult");

const SignUpRulesStatsSchema = z
  .object({
    rule_triggers: z.array(
      z
        .object({
          rule_id: z.string(),
          total_count: z.number().int().openapi({ description: "Matches in the window" }),
          all_time_count: z.number().int(),
          hourly_counts: z.array(z.object({ hour: z.string().openapi({ example: "2026-11-26T13:00:00.000Z" }), count: z.number().int() })),
        })
        .openapi("SignUpRuleTriggers"),
    ),
    analytics_hours: z.number().int().openapi({ description: "The window's length in hours (48)" }),
    total_triggers: z.number().int(),
    triggers_by_action: z.object({ allow: z.number().int(), reject: z.number().int(), restrict: z.number().int(), log: z.number().int() }),
  })
  .openapi("SignUpRulesStats");

const testSignUpRulesRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "testSignUpRules",
  method: "post",
  path: "/internal/sign-up-rules-test",
  tags: ["Sign-up rules"],
  summary: "Try a sign-up against the project's sign-up rules",
  description:
    "Runs the rules of `auth.signUpRules` on the sign-up described, in the order sign-ups run them (priority, highest first, " +
    "then id), and answers each rule's result up to the one that decided, and the outcome. Nothing is recorded.",
  request: { body: jsonBody(SignUpRulesTestBody) },
  responses: { 200: jsonResponse(SignUpRulesTestResultSchema, "What the rules would do") },
});

const signUpRulesStatsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getSignUpRulesStats",
  method: "get",
  path: "/internal/sign-up-rules-stats",
  tags: ["Sign-up rules"],
  summary: "What the sign-up rules matched",
  description:
    "Per rule that matched: its matches per UTC hour over the last 48 hours (oldest first, ending with the current hour), " +
    "their total, and its all-time count; over all rules, the window's total and its split by action. A rule counts once " +
    "per sign-up it matched. Removing a rule removes its counts.",
  responses: { 200: jsonResponse(SignUpRulesStatsSchema, "The counts") },
});

export function registerSignUpRuleRoutes(router: Router): void {
  router.openapi(testSignUpRulesRoute, async (c) => {
    const body = c.req.valid("json");
    const { context, decision } = trySignUpRules(
      c.var.auth.tenancy,
      { email: body.email, authMethod: body.auth_method, oauthProvider: body.oauth_provider, countryCode: body.country_code, riskScores: body.risk_scores },
      clientInfo(c).countryCode,
    );
    return c.json(
      {
        context: {
          email: context.email,
          email_domain: context.emailDomain,
          country_code: context.countryCode,
          auth_method: body.auth_method,
          oauth_provider: context.oauthProvider,
          turnstile_result: body.turnstile_result ?? "invalid",
          risk_scores: context.riskScores,
        },
        evaluations: decision.evaluations.map(({ ruleId, rule, status, error }) => ({
          rule_id: ruleId,
          display_name: rule.displayName,
          enabled: rule.enabled,
          condition: rule.condition,
          status,
          action: rule.action,
          ...(error !== undefined ? { error } : {}),
        })),
        outcome: {
          should_allow: decision.shouldAllow,
          decision: decision.decision,
          decision_rule_id: decision.decisionRuleId,
          restricted_because_of_rule_id: decision.restrictedBecauseOfRuleId,
        },
      },
      200,
    );
  });

  router.openapi(signUpRulesStatsRoute, async (c) => {
    const stats = await signUpRuleStats(c.var.deps, c.var.auth.tenancy);
    return c.json(
      {
        rule_triggers: stats.rules.map((rule) => ({
          rule_id: rule.ruleId,
          total_count: rule.windowCount,
          all_time_count: rule.allTimeCount,
          hourly_counts: rule.hourly,
        })),
        analytics_hours: stats.windowHours,
        total_triggers: stats.windowTotal,
        triggers_by_action: stats.byAction,
      },
      200,
    );
  });
}
