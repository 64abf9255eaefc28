import { z } from "@hono/zod-openapi";

export const SignInTokensSchema = z
  .object({
    access_token: z.string().openapi({ description: "Short-lived JWT for x-stack-access-token." }),
    refresh_token: z.string().openapi({ description: "Opaque token for this session; keep it for the session's life." }),
    user_id: z.uuid(),
  })
  .openapi("SignInTokens");

/** Accepted for SDK compatibility; bot challenges are not enforced by this server. */
export const botChallengeFields = {
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.string().optional(),
  bot_challenge_unavailable: z.boolean().optional(),
};

export const MFA_NOTE =
  "A user with two-factor sign-in on (a TOTP secret) gets no session here: the answer is " +
  "MULTI_FACTOR_AUTHENTICATION_REQUIRED with `details.attempt_code`, to finish with POST /auth/mfa/sign-in.";
