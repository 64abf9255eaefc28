/**
 * Sign-up rules on the sign-up paths (password, e-mail code, OAuth, and an anonymous user's
 * upgrade by any of them). Creating an anonymous user and creating a user with server access
 * run no rules, as in Stack Auth: neither is a person signing themselves up.
 *
 * `judgeSignUp` decides without side effects (a path may decide inside its own transaction);
 * `recordSignUpDecision` counts the matched rules for the statistics; `admitSignUp` does both
 * and throws SIGN_UP_REJECTED for a refusal. What it returns goes on the new user: the
 * restriction a `restrict` rule asked for, and the country the sign-up came from.
 */
import { recordRuleTriggers } from "../../db/queries/sign-up-rules";
import { signUpRejected } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { decideSignUp, signUpContext, type SignUpAuthMethod, type SignUpDecision } from "./rules";

export interface SignUpAttempt {
  email: string | null;
  authMethod: SignUpAuthMethod;
  oauthProvider?: string | null;
  /** The caller's country, when a trusted proxy or the GeoIP database said (ClientInfo.countryCode). */
  countryCode?: string | null;
}

/** What a new (or upgraded) user gets from the rules; fields for services/users/user-changes.ts. */
export interface SignUpAdmission {
  restrictedByAdmin?: true;
  restrictedByAdminPrivateDetails?: string;
  countryCode?: string;
}

export interface SignUpJudgement {
  decision: SignUpDecision;
  admission: SignUpAdmission;
}

export function judgeSignUp(tenancy: Tenancy, attempt: SignUpAttempt): SignUpJudgement {
  const context = signUpContext(attempt);
  const decision = decideSignUp(tenancy.config, context);
  const admission: SignUpAdmission = {};
  const ruleId = decision.restrictedBecauseOfRuleId;
  if (ruleId !== null) {
    const name = tenancy.config.auth.signUpRules[ruleId]?.displayName;
    admission.restrictedByAdmin = true;
    admission.restrictedByAdminPrivateDetails = `Restricted at sign-up by sign-up rule ${ruleId}${name ? ` (${name})` : ""}.`;
  }
  if (context.countryCode) admission.countryCode = context.countryCode;
  return { decision, admission };
}

/** Counts what matched; a failure here is logged and never fails the sign-up. */
export async function recordSignUpDecision(deps: ServiceDeps, tenancy: Tenancy, decision: SignUpDecision): Promise<void> {
  if (decision.triggered.length === 0) return;
  try {
    const configured = Object.keys(tenancy.config.auth.signUpRules);
    await deps.db.transaction((tx) => recordRuleTriggers(tx, tenancy, decision.triggered, configured, new Date()));
  } catch (error) {
    deps.log.warn("could not count sign-up rule triggers", { projectId: tenancy.projectId, error: String(error) });
  }
}

/** Judges, counts, and throws SIGN_UP_REJECTED when the rules refuse the sign-up. */
export async function admitSignUp(deps: ServiceDeps, tenancy: Tenancy, attempt: SignUpAttempt): Promise<SignUpAdmission> {
  const { decision, admission } = judgeSignUp(tenancy, attempt);
  await recordSignUpDecision(deps, tenancy, decision);
  if (!decision.shouldAllow) throw signUpRejected();
  return admission;
}

/** Private details to keep: what the user had, then the rule's note. */
export function mergedPrivateDetails(existing: string | null | undefined, admission: SignUpAdmission): string | undefined {
  if (!admission.restrictedByAdminPrivateDetails) return undefined;
  return existing ? `${existing}\n\n${admission.restrictedByAdminPrivateDetails}` : admission.restrictedByAdminPrivateDetails;
}
