/**
 * A plain HTTP error: a status and a one-line text body, without a known-error code. Stack
 * Auth answers some requests this way instead of with a known error (a configuration override
 * it cannot store, a feature switched off on the server), and its clients read the text; so
 * does Gatehouse where it answers the same requests. Everything else is a KnownError.
 */
export class StatusError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "StatusError";
  }
}
