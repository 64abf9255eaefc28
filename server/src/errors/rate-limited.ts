/** Thrown when a caller exceeded a rate limit; rendered as 429 with Retry-After (not a known error). */
export class RateLimitedError extends Error {
  /** `rule`: which limit refused it, for gatehouse_rate_limit_refusals_total. */
  constructor(
    readonly retryAfterSeconds: number,
    readonly rule = "unnamed",
  ) {
    super(`Too many requests; try again in ${retryAfterSeconds} seconds.`);
    this.name = "RateLimitedError";
  }
}
