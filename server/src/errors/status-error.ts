/**
 * A refusal Stack Auth answers with a bare status and a plain-text sentence rather than a
 * known error: no code for the SDK to rebuild, only a person to read it (a browser that landed
 * on an OAuth callback, a client that broke the token endpoint's rules). Rendered as
 * `text/plain` with that status; only 4xx statuses are meant.
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
