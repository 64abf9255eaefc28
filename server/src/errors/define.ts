/**
 * A catalogue entry: the HTTP status and the human message built from the details the SDK
 * reads. A `plain` entry is one Stack Auth answers as a bare status with a sentence of text
 * (its StatusError) instead of a known error: Gatehouse answers it the same way, so that apps
 * on Stack's SDKs (which surface such answers as generic errors) see what they would see there.
 * Its name stays in the catalogue and is never sent.
 */
export interface ErrorSpec<Details> {
  status: number;
  message: (details: Details) => string;
  plain?: true;
}

export type NoDetails = Record<never, never>;

export function knownError<Details extends object = NoDetails>(
  status: number,
  message: (details: Details) => string,
): ErrorSpec<Details> {
  return { status, message };
}

/** An entry answered as `status` with the message as a text/plain body and no known-error header. */
export function plainError<Details extends object = NoDetails>(status: number, message: (details: Details) => string): ErrorSpec<Details> {
  return { status, message, plain: true };
}
