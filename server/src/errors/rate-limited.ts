/** Thrown when a caller exceeded a rate limit; rendered as 429 with Retry-After (not a known error). */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests; try again in ${retryAfterSeconds} seconds.`);
    this.name = "RateLimitedError";
  }
}
