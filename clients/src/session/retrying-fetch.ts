import { GatehouseNetworkError } from "./api-error";

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface RetryOptions {
  /** Retries after a network failure (SPEC §8: 5). */
  networkRetries: number;
  /** First backoff delay; it doubles on every retry (SPEC §8: 1 s). */
  baseDelayMillis: number;
  /** Retries after 429 Too Many Requests, each after the server's Retry-After. */
  rateLimitRetries: number;
  sleep: (millis: number) => Promise<void>;
  now: () => number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  networkRetries: 5,
  baseDelayMillis: 1000,
  rateLimitRetries: 5,
  sleep: (millis) => new Promise((resolve) => setTimeout(resolve, millis)),
  now: () => Date.now(),
};

/**
 * Wraps `fetchImpl` so that a network failure is retried with exponential backoff
 * (1 s, 2 s, 4 s, ...) and a 429 is retried after its Retry-After. A request object is
 * cloned for every attempt, so its body can be sent again. Aborts are never retried.
 */
export function createRetryingFetch(fetchImpl: FetchLike, options: Partial<RetryOptions> = {}): FetchLike {
  const settings = { ...DEFAULT_RETRY_OPTIONS, ...options };
  return async (input, init) => {
    let networkFailures = 0;
    let rateLimited = 0;
    for (;;) {
      const attemptInput = input instanceof Request ? input.clone() : input;
      let response: Response;
      try {
        response = await fetchImpl(attemptInput, init);
      } catch (error) {
        if (isAbort(error, input, init)) throw error;
        if (networkFailures >= settings.networkRetries) throw networkError(input, networkFailures + 1, error);
        await settings.sleep(settings.baseDelayMillis * 2 ** networkFailures);
        networkFailures += 1;
        continue;
      }
      if (response.status !== 429 || rateLimited >= settings.rateLimitRetries) return response;
      const wait = retryAfterMillis(response.headers.get("retry-after"), settings.now()) ?? settings.baseDelayMillis * 2 ** rateLimited;
      await response.body?.cancel();
      await settings.sleep(wait);
      rateLimited += 1;
    }
  };
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMillis(header: string | null, nowMillis: number): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMillis);
}

function isAbort(error: unknown, input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  if (init?.signal?.aborted || (input instanceof Request && input.signal.aborted)) return true;
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function networkError(input: RequestInfo | URL, attempts: number, cause: unknown): GatehouseNetworkError {
  const url = input instanceof Request ? input.url : String(input);
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const message = offline
    ? "You appear to be offline. Check your connection and try again."
    : `Could not reach the server at ${url} after ${attempts} attempts (${reason}).`;
  return new GatehouseNetworkError(message, attempts, cause);
}
