/**
 * Rate limits on guessable and costly operations, counted in the database so every node
 * shares them. Each rule limits a key (an account, an IP address, or both) to `max` hits per
 * window; past that the caller gets 429 with Retry-After until the window ends.
 *
 * A rule's limit is, in order of precedence: the project's config (`rateLimits.<id>`), the
 * server-wide setting (RATE_LIMIT_MULTIPLIER, RATE_LIMITS), the built-in default
 * (config/rate-limits.ts).
 */
import { RATE_LIMIT_BOUNDS, RATE_LIMITS, type RateLimitRule } from "../../config/rate-limits";
import { hitRateLimit } from "../../db/queries/rate-limits";
import { RateLimitedError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export { RATE_LIMITS, type RateLimitRule };

/** A configured value counts only when it is a whole number in range; anything else falls back. */
const usable = (value: unknown, limit: number): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= limit;

/** The limit that applies to `rule` in this tenancy. */
export function effectiveLimit(deps: Pick<ServiceDeps, "settings">, tenancy: Tenancy, rule: RateLimitRule): { max: number; windowSeconds: number } {
  const serverWide = deps.settings.rateLimits[rule.id];
  const own = tenancy.config.rateLimits?.[rule.id];
  return {
    max: usable(own?.max, RATE_LIMIT_BOUNDS.maxMax) ? own.max : serverWide.max,
    windowSeconds: usable(own?.windowSeconds, RATE_LIMIT_BOUNDS.maxWindowSeconds) ? own.windowSeconds : serverWide.windowSeconds,
  };
}

/**
 * Counts one hit for each (rule, subject) in order and throws RateLimitedError at the first
 * that is over; the rules after it are not counted, so a caller refused by a narrow rule
 * (one address) does not use up a wider one (the whole account).
 */
export async function enforceRateLimits(
  deps: ServiceDeps,
  tenancy: Tenancy,
  checks: Array<{ rule: RateLimitRule; subject: string | null | undefined }>,
): Promise<void> {
  for (const { rule, subject } of checks) {
    if (!subject) continue;
    const { max, windowSeconds } = effectiveLimit(deps, tenancy, rule);
    const key = `${tenancy.projectId}:${tenancy.branchId}:${rule.name}:${subject.toLowerCase()}`;
    const { count, windowStart } = await hitRateLimit(deps.db, key, windowSeconds);
    if (count > max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
      throw new RateLimitedError(retryAfter, rule.id);
    }
  }
}
