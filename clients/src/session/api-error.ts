/** The body every known error carries (CONTRACT §4). */
export interface KnownErrorBody {
  code: string;
  error: string;
  details: Record<string, unknown>;
}

/**
 * An answer that was not 2xx. `code` is the known-error code when the server sent one
 * (`EMAIL_PASSWORD_MISMATCH`, `USER_EMAIL_ALREADY_EXISTS`, ...), else null.
 */
export class GatehouseApiError<Body = unknown> extends Error {
  override readonly name = "GatehouseApiError";
  readonly status: number;
  readonly code: string | null;
  readonly details: Record<string, unknown>;
  readonly body: Body;

  constructor(status: number, body: Body, knownErrorHeader: string | null = null) {
    const known = asKnownErrorBody(body);
    super(known?.error ?? messageOf(body) ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = known?.code ?? knownErrorHeader;
    this.details = known?.details ?? {};
    this.body = body;
  }
}

/** Raised when the server could not be reached, after the retries ran out. */
export class GatehouseNetworkError extends Error {
  override readonly name = "GatehouseNetworkError";
  readonly attempts: number;

  constructor(message: string, attempts: number, cause: unknown) {
    super(message, { cause });
    this.attempts = attempts;
  }
}

export function isKnownError(error: unknown, code?: string): error is GatehouseApiError {
  return error instanceof GatehouseApiError && error.code !== null && (code === undefined || error.code === code);
}

/** Builds the error for a non-2xx response whose body has already been read. */
export function apiErrorFrom<Body>(response: Response, body: Body): GatehouseApiError<Body> {
  const header = response.headers.get("x-stack-known-error") ?? response.headers.get("x-hexclave-known-error");
  const actual = Number(response.headers.get("x-stack-actual-status") ?? response.status);
  return new GatehouseApiError(Number.isFinite(actual) ? actual : response.status, body, header);
}

/** JSON when the body is JSON, text otherwise, null when empty. */
export async function readResponseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asKnownErrorBody(body: unknown): KnownErrorBody | null {
  if (typeof body !== "object" || body === null) return null;
  const { code, error, details } = body as Record<string, unknown>;
  if (typeof code !== "string" || typeof error !== "string") return null;
  const detailRecord = typeof details === "object" && details !== null ? (details as Record<string, unknown>) : {};
  return { code, error, details: detailRecord };
}

function messageOf(body: unknown): string | null {
  if (typeof body === "string" && body.length > 0) return body.slice(0, 500);
  if (typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string") {
    return (body as { error: string }).error;
  }
  return null;
}
