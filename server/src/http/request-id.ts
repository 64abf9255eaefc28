/**
 * A request's id: the caller's or proxy's `x-request-id` when it is a sane token (so one id
 * follows a request through a load balancer into these logs), a fresh UUID otherwise. Anything
 * else (too long, spaces, control characters) is not echoed, since it would go into headers and
 * log lines.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=/-]{8,128}$/;

export function acceptedRequestId(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
