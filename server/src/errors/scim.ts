import { knownError } from "./define";

/** The admin API of SCIM directories (routes/scim/). Ours, not Stack Auth's. */
export const scimErrors = {
  SCIM_DIRECTORY_NOT_FOUND: knownError<{ directory_id: string }>(404, (d) => `The project has no SCIM directory ${d.directory_id}.`),
  SCIM_GROUP_NOT_FOUND: knownError<{ group_id: string }>(404, (d) => `The SCIM directory has no group ${d.group_id}. Groups appear once the identity provider pushes them.`),
};

/**
 * The SCIM protocol's own errors (RFC 7644 §3.12), answered by the SCIM endpoints
 * (http/scim-server.ts) in SCIM's error schema, never as Gatehouse known errors: identity
 * providers read `status` and `scimType`. One entry per kind, with its HTTP status and
 * scimType; the detail sentence is written where the error is thrown.
 */
export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export const scimProtocolErrors = {
  UNAUTHORIZED: { status: 401, scimType: null },
  FORBIDDEN: { status: 403, scimType: null },
  NOT_FOUND: { status: 404, scimType: null },
  UNIQUENESS: { status: 409, scimType: "uniqueness" },
  INVALID_FILTER: { status: 400, scimType: "invalidFilter" },
  INVALID_SYNTAX: { status: 400, scimType: "invalidSyntax" },
  INVALID_PATH: { status: 400, scimType: "invalidPath" },
  INVALID_VALUE: { status: 400, scimType: "invalidValue" },
  NO_TARGET: { status: 400, scimType: "noTarget" },
  MUTABILITY: { status: 400, scimType: "mutability" },
  TOO_MANY: { status: 400, scimType: "tooMany" },
  METHOD_NOT_ALLOWED: { status: 405, scimType: null },
  PAYLOAD_TOO_LARGE: { status: 413, scimType: null },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, scimType: null },
  TOO_MANY_REQUESTS: { status: 429, scimType: null },
  NOT_IMPLEMENTED: { status: 501, scimType: null },
} as const satisfies Record<string, { status: number; scimType: string | null }>;

export type ScimProtocolErrorKind = keyof typeof scimProtocolErrors;

export class ScimError extends Error {
  readonly status: number;
  readonly scimType: string | null;

  constructor(
    readonly kind: ScimProtocolErrorKind,
    readonly detail: string,
    /** Seconds to wait, for TOO_MANY_REQUESTS. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = "ScimError";
    this.status = scimProtocolErrors[kind].status;
    this.scimType = scimProtocolErrors[kind].scimType;
  }

  /** The error as SCIM writes it: `status` is a string (RFC 7644 §3.12). */
  toJSON() {
    return { schemas: [SCIM_ERROR_SCHEMA], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.detail };
  }
}
