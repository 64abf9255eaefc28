import { isForeignKeyViolation } from "./errors";
import type { KnownError } from "../errors";

/**
 * Runs a write that refers to a user, team or other row checked a moment earlier. When a
 * concurrent request deletes that row in between, the database refuses the reference; the
 * caller then gets the answer a request made just after the delete would get, not a 500.
 */
export async function unlessDeletedMeanwhile<T>(work: () => Promise<T>, gone: () => KnownError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw gone();
    throw error;
  }
}
