import type { api } from "@gatehouse/clients/react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
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

export interface ReplayFilters {
  duration: DurationChoice | null;
  period: PeriodChoice | null;
  clicks: ClickChoice | null;
  /** Only this user's replays (a user page links here with `?user=`). */
  userId: string | null;
}

export interface ReplayListState extends ReplayFilters {
  pageSize: number;
  /** The `next_cursor` this page starts after; null on the first page. */
  cursor: string | null;
  /** The cursors of the pages visited before this one (null for the first page), for Previous. */
  earlier: Array<string | null>;
}

const pick = <K extends string>(choices: Record<K, unknown>, value: string | null): K | null =>
  value !== null && Object.hasOwn(choices, value) ? (value as K) : null;

/**
 * The replay list's filters, page size and page, kept in the address so that a view has its
 * own link and survives a reload; the cursors of the pages before it live in the history
 * entry's state, as on the users list.
 */
export function useReplayListState() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const size = Number(searchParams.get("size"));
  const cursor = searchParams.get("cursor");
  const user = searchParams.get("user");
  const earlier = (location.state as { replayPages?: Array<string | null> } | null)?.replayPages;
  const state: ReplayListState = {
    duration: pick(DURATIONS, searchParams.get("duration")),
    period: pick(PERIODS, searchParams.get("period")),
    clicks: pick(CLICKS, searchParams.get("clicks")),
    userId: user && UUID.test(user) ? user : null,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    cursor: cursor && UUID.test(cursor) ? cursor : null,
    earlier: Array.isArray(earlier) ? earlier : [],
  };

  const go = (next: Omit<ReplayListState, "earlier">, earlierPages: Array<string | null>) => {
    const params = new URLSearchParams();
    if (next.duration) params.set("duration", next.duration);
    if (next.period) params.set("period", next.period);
    if (next.clicks) params.set("clicks", next.clicks);
    if (next.userId) params.set("user", next.userId);
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(next.pageSize));
    if (next.cursor) params.set("cursor", next.cursor);
    void navigate({ search: params.toString() }, { state: { replayPages: earlierPages } });
  };
  // Any change to what is listed starts again from its first page.
  const restart = (change: Partial<ReplayFilters & { pageSize: number }>) => go({ ...state, ...change, cursor: null }, []);

  return {
    ...state,
    filtered: Boolean(state.duration || state.period || state.clicks || state.userId),
    setFilters: (change: Partial<ReplayFilters>) => restart(change),
    clearFilters: () => restart({ duration: null, period: null, clicks: null, userId: null }),
    setPageSize: (pageSize: number) => restart({ pageSize }),
    next: (nextCursor: string) => go({ ...state, cursor: nextCursor }, [...state.earlier, state.cursor]),
    previous: () => go({ ...state, cursor: state.earlier.at(-1) ?? null }, state.earlier.slice(0, -1)),
    first: () => go({ ...state, cursor: null }, []),
  };
}

export type ReplayList = ReturnType<typeof useReplayListState>;

/**
 * The `GET /internal/session-replays` query of a list state. "Last 24 hours" counts from the
 * current minute, so the query (and its cache entry) stays the same while the page is open.
 */
export function listParams(list: ReplayListState, now = Date.now()): api.ListSessionReplaysParams {
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
