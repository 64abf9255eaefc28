/**
 * Plain-HTTP helpers for black-box tests: one JSON (or form) call against any base URL,
 * and the checks that a response came through Prism without a schema violation.
 */
import { expect } from "vitest";
import { authHeaders, type AnswerJson, type Credentials, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../harness";

export type { Credentials };

export interface HttpResult<Json = any> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  json: Json;
  text: string;
}

export interface CallOptions<Body = unknown> {
  creds?: Credentials;
  /** Sent as JSON. */
  body?: Body;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** A client for one base URL; paths are appended as given (e.g. `/users/me`). */
export interface HttpClient {
  baseUrl: string;
  /**
   * A call checked against the published document (server/src/testing/typed-call.ts): the
   * path must be one of its operations for `method`, `body` its JSON body; `json` is typed
   * from the documented answers.
   */
  call: <M extends HttpMethod, P extends string>(
    method: M,
    path: DocumentedPath<M, P>,
    options?: CallOptions<RequestBodyOf<M, P>>,
  ) => Promise<HttpResult<AnswerJson<M, P>>>;
  /** No checks: for requests that break the document on purpose, or paths built at run time. */
  callUntyped: (method: string, path: string, options?: CallOptions) => Promise<HttpResult>;
}

export function httpClient(baseUrl: string): HttpClient {
  return {
    baseUrl,
    call: (method, path, options) => callUrl(baseUrl, method, path, options),
    callUntyped: (method, path, options) => callUrl(baseUrl, method, path, options),
  };
}

export async function callUrl(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { ...(options.creds ? authHeaders(options.creds) : {}), ...options.headers };
  let body: string | undefined;
  if (options.form !== undefined) {
    headers["content-type"] ??= "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : "";
  // Redirects are answers to check (OAuth), never followed.
  const response = await fetch(`${baseUrl}${path}${query}`, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(20_000) });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

const PRISM_ERROR_TYPE = "https://stoplight.io/prism/errors#";

/** Every violation Prism reported for this exchange: the `sl-violations` header and a VIOLATIONS body. */
export function violationsOf(res: HttpResult): Violation[] {
  const found: Violation[] = [];
  const header = res.headers.get("sl-violations");
  if (header) {
    try {
      found.push(...(JSON.parse(header) as Violation[]));
    } catch {
      // Prism truncates long lists ("Too many violations! …"): still a violation.
      found.push({ location: [], severity: "Error", message: header.slice(0, 2000) });
    }
  }
  if (isPrismProblem(res) && Array.isArray(res.json.validation)) {
    for (const v of res.json.validation as Violation[]) {
      if (!found.some((f) => f.message === v.message)) found.push(v);
    }
  }
  return found;
}

/** An answer Prism made up itself (problem+json with a Prism error type) rather than relayed. */
export function isPrismProblem(res: HttpResult): boolean {
  return typeof res.json?.type === "string" && res.json.type.startsWith(PRISM_ERROR_TYPE);
}

export function prismErrorType(res: HttpResult): string | undefined {
  return isPrismProblem(res) ? String(res.json.type).slice(PRISM_ERROR_TYPE.length) : undefined;
}

function describeExchange(res: HttpResult): string {
  return `${res.status} ${res.headers.get("content-type") ?? ""}\n${res.text.slice(0, 3000)}\nsl-violations: ${res.headers.get("sl-violations") ?? "(none)"}`;
}

/**
 * The response came from the real server through the validating proxy, and neither the
 * request nor the response broke the published document (warnings included).
 */
export function expectValidThroughProxy(res: HttpResult, expectedStatus?: number): void {
  expect(violationsOf(res), describeExchange(res)).toEqual([]);
  expect(prismErrorType(res), describeExchange(res)).toBeUndefined();
  // Only our server sets this header: proof that the answer was relayed, not invented.
  expect(res.headers.get("x-stack-request-id"), describeExchange(res)).toBeTruthy();
  if (expectedStatus !== undefined) expect(res.status, describeExchange(res)).toBe(expectedStatus);
}

/** A known-error answer relayed through the proxy: its status, code, headers, and no violation. */
export function expectKnownErrorThroughProxy(res: HttpResult, status: number, code: string): void {
  expectValidThroughProxy(res, status);
  expect(res.json, describeExchange(res)).toMatchObject({ code, error: expect.any(String) });
  // In the request's dialect (http/headers.ts): the contract tests send x-stack- headers.
  expect(res.headers.get("x-stack-known-error")).toBe(code);
}

/** A refusal answered as Stack Auth answers its status errors: the status and a sentence, no known-error header, and no violation. */
export function expectPlainRefusalThroughProxy(res: HttpResult, status: number): void {
  expectValidThroughProxy(res, status);
  expect(res.headers.get("content-type") ?? "", describeExchange(res)).toMatch(/^text\/plain/);
  expect(res.headers.get("x-stack-known-error")).toBeNull();
  expect(res.text.length).toBeGreaterThan(0);
}

/** A mock answer whose example matched the document (Prism validates what it generates). */
export function expectValidMockAnswer(res: HttpResult, expectedStatus: number): void {
  expect(violationsOf(res), describeExchange(res)).toEqual([]);
  expect(prismErrorType(res), describeExchange(res)).toBeUndefined();
  expect(res.status, describeExchange(res)).toBe(expectedStatus);
}

/**
 * The mock refused the request on the document's terms: it answers the documented 400/401
 * example and flags the request in `sl-violations` (no server is involved).
 */
export function expectMockRefusal(res: HttpResult, status: 400 | 401): void {
  expect(res.status, describeExchange(res)).toBe(status);
  const requestViolations = violationsOf(res).filter((v) => v.location[0] === "request");
  expect(requestViolations.length, describeExchange(res)).toBeGreaterThan(0);
}

/** The validating proxy refused the request itself and did not forward it. */
export function expectProxyRefusal(res: HttpResult, type: "UNAUTHORIZED" | "UNPROCESSABLE_ENTITY" | "NO_PATH_MATCHED_ERROR"): void {
  expect(prismErrorType(res), describeExchange(res)).toBe(type);
  expect(res.headers.get("x-stack-request-id"), "the request must not reach the server").toBeNull();
}

export function decodeJwtPayload(jwt: string): Record<string, any> {
  const payload = jwt.split(".")[1];
  if (!payload) throw new Error(`not a JWT: ${jwt.slice(0, 40)}`);
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}
