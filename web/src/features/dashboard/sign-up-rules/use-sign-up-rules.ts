import { adminKeys, adminQuery, api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

export const ACTIONS = ["allow", "reject", "restrict", "log"] as const;
export type RuleAction = (typeof ACTIONS)[number];
export type DefaultAction = "allow" | "reject";

/** One rule as the configuration stores it (`auth.signUpRules.<id>`), its defaults filled in. */
export interface SignUpRule {
  id: string;
  enabled: boolean;
  displayName: string;
  priority: number;
  condition: string;
  action: { type: RuleAction; message?: string };
}

interface StoredRule {
  enabled?: boolean;
  displayName?: string;
  priority?: number;
  condition?: string;
  action?: { type?: RuleAction; message?: string };
}

/** The rules in the order sign-ups run them: priority, highest first, then id. */
export function inRunOrder(rules: SignUpRule[]): SignUpRule[] {
  return [...rules].sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The rules and the default action, from the rendered configuration (`GET /internal/config`, admin). */
export function useSignUpRules(projectId: string): { rules: SignUpRule[]; defaultAction: DefaultAction } {
  const { data } = useSuspenseQuery({
    ...adminQuery(projectId, adminKeys(projectId).config(), (request) => api.getConfig(request)),
    select: (answer) => {
      const auth = (JSON.parse(answer.config_string) as { auth?: { signUpRules?: Record<string, StoredRule>; signUpRulesDefaultAction?: DefaultAction } }).auth ?? {};
      const rules = Object.entries(auth.signUpRules ?? {}).map(([id, rule]) => ({
        id,
        enabled: rule.enabled === true,
        displayName: rule.displayName ?? "",
        priority: rule.priority ?? 0,
        condition: rule.condition ?? "",
        action: { type: rule.action?.type ?? "allow", ...(rule.action?.message ? { message: rule.action.message } : {}) },
      }));
      return { rules: inRunOrder(rules), defaultAction: auth.signUpRulesDefaultAction ?? "allow" };
    },
  });
  return data;
}

/** What the rules matched (`GET /internal/sign-up-rules-stats`, admin). */
export function useSignUpRuleStats(projectId: string): api.SignUpRulesStats {
  return useAdminQuery(projectId, adminKeys(projectId).signUpRuleStats(), (request) => api.getSignUpRulesStats(request));
}

/**
 * Saves into the environment's override (`PATCH /internal/config/override/environment`), the
 * level that wins over the others, so that what is saved here is what sign-ups run even when
 * the rules were first set through the API at that level. Each dotted key replaces its value;
 * `null` removes a rule. The server checks each condition and refuses with SCHEMA_ERROR.
 */
export function useSaveSignUpRules(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  const update = api.useUpdateConfigOverride({
    request,
    mutation: { onSuccess: () => invalidate(keys.config(), keys.signUpRuleStats()) },
  });
  const save = (changes: Record<string, unknown>) => update.mutateAsync({ level: "environment", data: { config_override_string: JSON.stringify(changes) } });
  return { ...update, save };
}

/** The stored form of a rule, for `auth.signUpRules.<id>`. */
export function storedRule(rule: Omit<SignUpRule, "id">): StoredRule {
  return {
    enabled: rule.enabled,
    ...(rule.displayName ? { displayName: rule.displayName } : {}),
    priority: rule.priority,
    condition: rule.condition,
    action: { type: rule.action.type, ...(rule.action.message ? { message: rule.action.message } : {}) },
  };
}

/** A trial run of the rules (`POST /internal/sign-up-rules-test`, admin); it changes nothing. */
export function useTrySignUp(projectId: string) {
  return api.useTestSignUpRules({ request: useAdmin(projectId).request });
}
