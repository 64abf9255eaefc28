import type { SessionReplay } from "./use-session-replays";

/** "42 s", "3 min 05 s", "1 h 02 min": how long a replay runs, first event to last. */
export function formatDuration(millis: number): string {
  const seconds = Math.max(0, Math.round(millis / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

export const replayDuration = (replay: SessionReplay) => replay.last_event_at_millis - replay.started_at_millis;

/** Whom a replay recorded: their name, else their e-mail, else their id. */
export const replayUserLabel = (replay: SessionReplay) => replay.project_user.display_name || replay.project_user.primary_email || replay.project_user.id;
