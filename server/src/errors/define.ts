/** A catalogue entry: the HTTP status and the human message built from the details the SDK reads. */
export interface ErrorSpec<Details> {
  status: number;
  message: (details: Details) => string;
}

export type NoDetails = Record<never, never>;

export function knownError<Details extends object = NoDetails>(
  status: number,
  message: (details: Details) => string,
): ErrorSpec<Details> {
  return { status, message };
}
