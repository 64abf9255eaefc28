const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A moment the server gave in milliseconds, in the reader's language and time zone. */
export function formatDateTime(millis: number): string {
  return DATE_TIME.format(new Date(millis));
}
