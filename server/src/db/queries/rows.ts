/** Row-mapping helpers shared by the query modules. */
export function toMillis(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

export function toMillisOrNull(value: Date | string | number | null): number | null {
  return value === null ? null : toMillis(value);
}

/** jsonb parameters are passed as text and cast in SQL (`$n::jsonb`) so both drivers agree. */
export function jsonParam(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
