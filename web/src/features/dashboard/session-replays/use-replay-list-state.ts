import type { api } from "@gatehouse/clients/react";
import { choiceFilter, matchingFilter, useCursorList } from "../../../lib/use-cursor-list";
import { UUID } from "../../../lib/uuid";

export const PAGE_SIZES = [25, 50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = 50;

/** The filter choices the page offers, each a value of the address's query. */
export const DURATIONS = { "10s": { label: "10 seconds or more", millis: 10_000 }, "1m": { label: "1 minute or more", millis: 60_000 }, "5m": { label: "5 minutes or more", millis: 300_000 } } as const;
export const PERIODS = { "24h": { label: "Last 24 hours", millis: 86_400_000 }, "7d": { label: "Last 7 days", millis: 7 * 86_400_000 }, "30d": { label: "Last 30 days", millis: 30 * 86_400_000 } } as const;
export const CLICKS = { "1": "1 click or more", "5": "5 clicks or more", "20": "20 clicks or more" } as const;

export type DurationChoice = keyof typeof DURATIONS;
export type PeriodChoice = keyof typeof PERIODS;
export type ClickChoice = keyof typeof CLICKS;

/**
 * The replay list's filters, page size and page, kept in the address so that a view has its
 * own link and survives a reload; the cursors of the pages before it live in the history
 * entry's state, as on the users list.
 */
export function useReplayListState() {
  return useCursorList({
    filters: {
      duration: choiceFilter("duration", DURATIONS),
      period: choiceFilter("period", PERIODS),
      clicks: choiceFilter("clicks", CLICKS),
      /** Only this user's replays (a user page links here with `?user=`). */
      userId: matchingFilter("user", UUID),
    },
    pageSizes: PAGE_SIZES,
    defaultPageSize: DEFAULT_PAGE_SIZE,
    isCursor: (cursor) => UUID.test(cursor),
    historyKey: "replayPages",
  });
}

export type ReplayList = ReturnType<typeof useReplayListState>;

/**
 * The `GET /internal/session-replays` query of a list state. "Last 24 hours" counts from the
 * current minute, so the query (and its cache entry) stays the same while the page is open.
 */
export function listParams(list: ReplayList, now = Date.now()): api.ListSessionReplaysParams {
  const minute = Math.floor(now / 60_000) * 60_000;
  return {
    limit: list.pageSize,
    ...(list.cursor ? { cursor: list.cursor } : {}),
    ...(list.duration ? { duration_ms_min: String(DURATIONS[list.duration].millis) } : {}),
    ...(list.period ? { last_event_at_from_millis: String(minute - PERIODS[list.period].millis) } : {}),
    ...(list.clicks ? { click_count_min: list.clicks } : {}),
    ...(list.userId ? { user_ids: list.userId } : {}),
  };
}
