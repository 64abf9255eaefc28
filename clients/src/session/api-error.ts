import { DECLARED_ERROR_CODES, type DeclaredErrorCode, type OperationErrorCodes } from "../generated/known-errors";

export type { DeclaredErrorCode, OperationErrorCodes };

/**
 * Known errors the client library raises itself, with no answer from the server: the browser's
 * passkey ceremony failing (Stack's SDK raises the same code).
 */
const CLIENT_ERROR_CODES = ["PASSKEY_WEBAUTHN_ERROR"] as const;

/** Every known-error code this client knows: those the API's operations declare (generated) and its own. */
export const KNOWN_ERROR_CODES = [...DECLARED_ERROR_CODES, ...CLIENT_ERROR_CODES] as const;

export type KnownErrorCode = (typeof KNOWN_ERROR_CODES)[number];

/** The body every known error carries (CONTRACT §4), as sent: its code may be one this client does not know. */
export interface KnownErrorBody {
  code: string;
  error: string;
  details: Record<string, unknown>;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(KNOWN_ERROR_CODES);

/** Whether `code` is one of the known-error codes this client was generated with. */
export function isKnownErrorCode(code: string | null | undefined): code is KnownErrorCode {
  return typeof code === "string" && KNOWN_CODES.has(code);
}

/**
 * An answer that was not 2xx. `code` is the known-error code when the server sent one this
 * client knows (`EMAIL_PASSWORD_MISMATCH`, `USER_EMAIL_ALREADY_EXISTS`, ...), typed by the
 * generated catalogue so that comparing or mapping a misspelt code does not compile; else null.
 * `sentCode` is the code as sent, a newer server's unknown one included.
 */
export class GatehouseApiError<Body = unknown> extends Error {
  override readonly name = "GatehouseApiError";
  readonly status: number;
  readonly code: KnownErrorCode | null;
  readonly sentCode: string | null;
  readonly details: Record<string, unknown>;
  readonly body: Body;

  constructor(status: number, body: Body, knownErrorHeader: string | null = null) {
    const known = asKnownErrorBody(body);
    super(known?.error ?? messageOf(body) ?? `Request failed with status ${status}`);
    this.status = status;
    this.sentCode = known?.code ?? knownErrorHeader;
    this.code = isKnownErrorCode(this.sentCode) ? this.sentCode : null;
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

/**
 * Whether `error` is an API answer with a known-error code this client knows, or with `code`
 * itself; `code` is typed by the catalogue, so a misspelt one does not compile.
 */
export function isKnownError<C extends KnownErrorCode = KnownErrorCode>(error: unknown, code?: C): error is GatehouseApiError & { readonly code: C } {
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
