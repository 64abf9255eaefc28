import { z } from "@hono/zod-openapi";

export const SignInTokensSchema = z
  .object({
    access_token: z.string().openapi({ description: "Short-lived JWT for x-stack-access-token." }),
    refresh_token: z.string().openapi({ description: "Opaque token for this session; keep it for the session's life." }),
    user_id: z.uuid(),
  })
  .openapi("SignInTokens");

/** What sign-up and sign-in answer (CONTRACT §3): the tokens and whether the call created the user. */
export const SignInResultSchema = SignInTokensSchema.extend({
  is_new_user: z.boolean().openapi({ description: "True when this call created the user (or upgraded an anonymous one)." }),
}).openapi("SignInResult");

/** Accepted for SDK compatibility; bot challenges are not enforced by this server. */
export const botChallengeFields = {
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.string().optional(),
  bot_challenge_unavailable: z.boolean().optional(),
};

export const MFA_NOTE =
  "A user with two-factor sign-in on (a TOTP secret) gets no session here: the answer is " +
  "MULTI_FACTOR_AUTHENTICATION_REQUIRED with `details.attempt_code`, to finish with POST /auth/mfa/sign-in.";
