/** Postgres reports a unique-constraint violation as SQLSTATE 23505, on both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

// Class 08 (connection exception), admin/crash shutdown and "cannot connect now" (57P01-57P03),
// too many connections (53300): the server went away or would not take us, not a bad query.
const CONNECTION_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const SOCKET_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// node-postgres raises these without a code when the socket closes or a query outlives query_timeout.
const DRIVER_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Query read timeout",
  "timeout exceeded when trying to connect",
];

/** Whether `error` says the connection to PostgreSQL failed (as opposed to the SQL failing). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_SQLSTATE.test(code) || SOCKET_ERRORS.has(code))) return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}

/** A write referred to a row that is not there (SQLSTATE 23503), typically one a concurrent request just deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23503";
}
