import { KnownError } from "../../errors";
import { MAX_DATE_MILLIS } from "../../http/schemas";
import type { ReplayFilter } from "../../services/session-replays/playback";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_FILTER_IDS = 100;

/** The list's filters as the query carries them: text, read by `parseReplayFilter`. */
export interface ReplayFilterQuery {
  user_ids?: string;
  team_ids?: string;
  duration_ms_min?: string;
  duration_ms_max?: string;
  last_event_at_from_millis?: string;
  last_event_at_to_millis?: string;
  click_count_min?: string;
}

const refuse = (problem: string): never => {
  throw new KnownError("SESSION_REPLAY_FILTER_INVALID", { problem });
};

/** Stack Auth reads these from text in the handler, an empty one as absent, and refuses a bad one with a plain 400: so do we. */
function ids(name: string, raw: string | undefined): string[] | undefined {
  if (!raw) return undefined;
  const values = raw.split(",").map((value) => value.trim()).filter(Boolean);
  if (values.some((value) => !UUID.test(value))) refuse(`${name} must be a comma-separated list of ids (UUIDs).`);
  if (values.length > MAX_FILTER_IDS) refuse(`${name} may name at most ${MAX_FILTER_IDS} ids.`);
  return values;
}

function wholeNumber(name: string, raw: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!raw) return undefined;
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!(value <= max)) refuse(`${name} must be a whole number from 0 to ${max}.`);
  return value;
}

export function parseReplayFilter(query: ReplayFilterQuery): ReplayFilter {
  const durationMsMin = wholeNumber("duration_ms_min", query.duration_ms_min);
  const durationMsMax = wholeNumber("duration_ms_max", query.duration_ms_max);
  const from = wholeNumber("last_event_at_from_millis", query.last_event_at_from_millis, MAX_DATE_MILLIS);
  const to = wholeNumber("last_event_at_to_millis", query.last_event_at_to_millis, MAX_DATE_MILLIS);
  if (durationMsMin !== undefined && durationMsMax !== undefined && durationMsMin > durationMsMax) refuse("duration_ms_min is larger than duration_ms_max.");
  if (from !== undefined && to !== undefined && from > to) refuse("last_event_at_from_millis is later than last_event_at_to_millis.");
  return {
    userIds: ids("user_ids", query.user_ids),
    teamIds: ids("team_ids", query.team_ids),
    durationMsMin,
    durationMsMax,
    lastEventFrom: from === undefined ? undefined : new Date(from),
    lastEventTo: to === undefined ? undefined : new Date(to),
    clickCountMin: wholeNumber("click_count_min", query.click_count_min),
  };
}
