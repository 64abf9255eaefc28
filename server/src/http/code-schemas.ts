import { z } from "@hono/zod-openapi";

export const CodeBody = z
  .strictObject({ code: z.string().max(256).openapi({ description: "The whole code from the e-mailed link, or the OTP followed by the nonce." }) })
  .openapi("VerificationCode");

export const CodeCheckSchema = z.object({ is_code_valid: z.literal(true) }).openapi("VerificationCodeCheck");

/** The errors every verification-code route can answer (SPEC §4). */
export const CODE_ERRORS = [
  "VERIFICATION_CODE_NOT_FOUND",
  "VERIFICATION_CODE_EXPIRED",
  "VERIFICATION_CODE_ALREADY_USED",
  "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
] as const;
