/**
 * Hostile requests to the routes the OpenAPI document does not describe (health, metrics, the
 * manual, the API reference, the web app's pages): the document-driven fuzzer never sends them.
 * Seeded, so a seed always gives the same run.
 */
import fc from "fast-check";

export const OUTSIDE_DOCUMENT_PATHS = ["/health", "/health/live", "/health/ready", "/metrics", "/docs", "/docs/deploy", "/api/docs", "/handler/sign-in", "/dashboard"] as const;

export interface OutsideRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

const segment = fc.oneof(
  fc.constantFrom("..", "%2e%2e", "%2F", "%00", "index.md", "deploy.md", "..%2f..%2fpackage.json", "~", "%E2%80%AE", "a".repeat(300)),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,40}$/),
);

const path = fc.oneof(
  fc.constantFrom(...OUTSIDE_DOCUMENT_PATHS),
  fc.tuple(fc.constantFrom(...OUTSIDE_DOCUMENT_PATHS), fc.array(segment, { minLength: 1, maxLength: 3 })).map(([base, rest]) => `${base}/${rest.join("/")}`),
  fc.tuple(fc.constantFrom(...OUTSIDE_DOCUMENT_PATHS), fc.stringMatching(/^[A-Za-z0-9=&%._-]{0,60}$/)).map(([base, query]) => `${base}?${query}`),
);

const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("Bearer", "Bearer ", "Basic Zm9vOmJhcg==", "bearer wrong", `Bearer ${"x".repeat(5000)}`),
  fc.stringMatching(/^Bearer [ -~]{0,80}$/),
);

export const outsideRequest: fc.Arbitrary<OutsideRequest> = fc
  .record({
    method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"),
    path,
    authorization,
    accept: fc.constantFrom(undefined, "text/html", "application/json", "*/*", "text/plain;q=0.1, */*;q=0"),
    acceptEncoding: fc.constantFrom(undefined, "gzip", "br", "identity;q=0", "x".repeat(200)),
    requestId: fc.oneof(fc.constant(undefined), fc.stringMatching(/^[ -~]{0,200}$/)),
  })
  .map(({ method, path, authorization, accept, acceptEncoding, requestId }) => {
    const headers: Record<string, string> = {};
    if (authorization !== undefined) headers.authorization = authorization;
    if (accept !== undefined) headers.accept = accept;
    if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
    if (requestId !== undefined) headers["x-request-id"] = requestId;
    return { method, path, headers };
  });
