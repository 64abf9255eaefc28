/**
 * A trial run of the sign-up rules (POST /internal/sign-up-rules-test): the dashboard describes
 * a sign-up and sees, rule by rule, what the rules would do with it. Nothing is counted and no
 * user is made. The country, when not given, is the caller's own (as a sign-up from the
 * dashboard's browser would have it); the risk scores, when not given, are what this server
 * derives, which is 0 and 0 (it has no risk engine).
 */
import type { Tenancy } from "../projects/tenancy";
import { decideSignUp, NO_RISK, signUpContext, type RiskScores, type SignUpAuthMethod, type SignUpContext, type SignUpDecision } from "./rules";

export interface TrialInput {
  email: string | null;
  authMethod: SignUpAuthMethod;
  oauthProvider: string | null;
  countryCode: string | null;
  riskScores?: RiskScores;
}

export function trySignUpRules(tenancy: Tenancy, input: TrialInput, callerCountry: string | null | undefined): { context: SignUpContext; decision: SignUpDecision } {
  const context = signUpContext({
    email: input.email,
    authMethod: input.authMethod,
    oauthProvider: input.oauthProvider,
    countryCode: input.countryCode ?? callerCountry ?? null,
    riskScores: input.riskScores ?? NO_RISK,
  });
  return { context, decision: decideSignUp(tenancy.config, context) };
}
