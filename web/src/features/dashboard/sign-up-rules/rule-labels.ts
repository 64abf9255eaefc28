import type { RuleAction } from "./use-sign-up-rules";

/** Each action as the page names and colours it. */
export const ACTION_LABELS: Record<RuleAction, { label: string; color: string; help: string }> = {
  allow: { label: "Allow", color: "green", help: "Lets the sign-up through; no later rule runs." },
  reject: { label: "Reject", color: "red", help: "Refuses the sign-up (SIGN_UP_REJECTED); no later rule runs." },
  restrict: { label: "Restrict", color: "orange", help: "The new user starts restricted, as if by an administrator; later rules still run." },
  log: { label: "Log", color: "blue", help: "Only counts the match; later rules still run." },
};

/** What a condition can read, for the form's help. */
export const CONDITION_VARIABLES = [
  ["email", "the address, in lower case (\"\" when there is none)"],
  ["emailDomain", "what follows its @"],
  ["authMethod", "password, otp, oauth or passkey"],
  ["oauthProvider", "the provider's id for oauth, else \"\""],
  ["countryCode", "two capital letters, when the server knows the country, else \"\""],
  ["riskScores.bot, riskScores.free_trial_abuse", "0 to 100 (this server derives none: 0)"],
] as const;

export const ruleName = (rule: { id: string; displayName: string }) => rule.displayName || rule.id;
