import { knownError } from "./define";

/**
 * What a refused sign-up reads. It never names the rule nor repeats the rule's own message
 * (that is for the project's administrators), so a refusal does not teach how to get around it.
 */
export const SIGN_UP_REJECTED_MESSAGE = "This sign-up was refused by the project's sign-up rules.";

export const signUpRuleErrors = {
  SIGN_UP_REJECTED: knownError<{ message: string }>(403, (d) => d.message),
};
