import { knownError } from "./define";

/** The audit log (Gatehouse's own; Stack Auth has none). */
export const auditLogErrors = {
  AUDIT_LOG_FILTER_INVALID: knownError<{ problem: string }>(400, (d) => `The audit log query is malformed: ${d.problem}`),
};
