import { createSession, type Session, type SessionOptions } from "./session";

let current: Session | null = null;

/**
 * The session the React Query mutator uses. An app configures it once at start-up;
 * without that, the first use creates one with the defaults (same-origin `/api/v1`,
 * project `internal`, localStorage).
 */
export function getDefaultSession(): Session {
  current ??= createSession();
  return current;
}

export function configureDefaultSession(options: SessionOptions): Session {
  current = createSession(options);
  return current;
}

/** Makes `session` the one the generated hooks use (the React provider does this for its session). */
export function setDefaultSession(session: Session): void {
  current = session;
}
