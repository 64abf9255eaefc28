/**
 * A refusal answered as a bare HTTP status with a short plain-text body, not as a known error.
 * Stack Auth answers some "not found" cases this way (an unknown e-mail theme, template, draft
 * or notification category), and its SDKs expect no known-error code there; routes declare
 * these answers with `statusErrorResponse` (http/openapi.ts).
 */
export class StatusError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "StatusError";
  }
}
