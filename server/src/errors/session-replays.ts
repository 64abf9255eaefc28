import { plainError } from "./define";

/**
 * Session replays. Stack Auth answers these refusals as a bare status and a sentence
 * (errors/define.ts, plainError); the bounds are those of routes/session-replays/schemas.ts.
 */
export const sessionReplayErrors = {
  SESSION_REPLAY_BATCH_EMPTY: plainError(400, () => "A session replay batch needs at least one event."),
  SESSION_REPLAY_BATCH_TOO_MANY_EVENTS: plainError(400, () => "A session replay batch holds at most 5,000 events."),
  SESSION_REPLAY_BATCH_TOO_LARGE: plainError(413, () => "A session replay batch may be at most 1,000,000 bytes."),
  SESSION_REPLAY_FILTER_INVALID: plainError<{ problem?: string }>(400, (d) => d.problem ?? "A filter of the session replay list is malformed."),
};
