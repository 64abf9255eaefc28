/** Postgres reports a unique-constraint violation as SQLSTATE 23505, on both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
