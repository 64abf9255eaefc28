/**
 * Rate limits on guessable and costly operations, counted in the database so every node
 * shares them. Each rule limits a key (an account or an IP address) to `max` hits per
 * window; past that the caller gets 429 with Retry-After until the window ends.
 */
import { hitRateLimit } from "../db/queries/rate-limits";
import { RateLimitedError } from "../errors";
import type { ServiceDeps } from "./deps";
import type { Tenancy } from "./tenancy";

export interface RateLimitRule {
  name: string;
  max: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  signInPerAccount: { name: "sign-in:account", max: 20, windowSeconds: 600 },
  signInPerIp: { name: "sign-in:ip", max: 100, windowSeconds: 600 },
  signUpPerIp: { name: "sign-up:ip", max: 50, windowSeconds: 3600 },
  codeSendPerAccount: { name: "code-send:account", max: 5, windowSeconds: 600 },
  codeSendPerIp: { name: "code-send:ip", max: 50, windowSeconds: 3600 },
  codeCheckPerIp: { name: "code-check:ip", max: 100, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

/** Counts one hit for each (rule, subject) and throws RateLimitedError when any is over. */
export async function enforceRateLimits(
  deps: ServiceDeps,
  tenancy: Tenancy,
  checks: Array<{ rule: RateLimitRule; subject: string | null | undefined }>,
): Promise<void> {
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const key = `${tenancy.projectId}:${tenancy.branchId}:${rule.name}:${subject.toLowerCase()}`;
    const { count, windowStart } = await hitRateLimit(deps.db, key, rule.windowSeconds);
    if (count > rule.max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000));
      throw new RateLimitedError(retryAfter);
    }
  }
}
