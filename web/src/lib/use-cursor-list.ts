import { useLocation, useNavigate, useSearchParams } from "react-router";

/** How one filter of a list is kept in the address: its query parameter, and how its value is read back (null when absent or not valid). */
export interface UrlFilter<V extends string = string> {
  param: string;
  read: (raw: string | null) => V | null;
}

/** A filter that is one of `choices`' keys ("24h", "7d"...), else none. */
export const choiceFilter = <K extends string>(param: string, choices: Record<K, unknown>): UrlFilter<K> => ({
  param,
  read: (raw) => (raw !== null && Object.hasOwn(choices, raw) ? (raw as K) : null),
});

/** A filter whose value must match `shape` (an id), else none. */
export const matchingFilter = (param: string, shape: RegExp): UrlFilter => ({ param, read: (raw) => (raw !== null && shape.test(raw) ? raw : null) });

type FilterValues<Fs extends Record<string, UrlFilter>> = { [K in keyof Fs]: ReturnType<Fs[K]["read"]> };

/** The `data` of a Select offering `choices`: each key with its label (the value itself, or its `label`). */
export const selectChoices = <K extends string>(choices: Record<K, string | { label: string }>) =>
  (Object.entries(choices) as Array<[K, string | { label: string }]>).map(([value, choice]) => ({ value, label: typeof choice === "string" ? choice : choice.label }));

interface CursorListOptions<Fs extends Record<string, UrlFilter>> {
  filters: Fs;
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Whether a cursor read from the address has the shape of the server's cursors. */
  isCursor: (cursor: string) => boolean;
  /** The history state's key for the cursors of the pages visited before this one ("replayPages"). */
  historyKey: string;
}

/**
 * A list paged by cursor whose filters, page size and page are kept in the address, so that a
 * view has its own link and survives a reload; the cursors of the pages before it live in the
 * history entry's state (they survive a reload and Back too, without a URL that grows a cursor
 * per page; a shared link opens without them, and the pager offers the first page instead).
 * Any change to what is listed starts again from its first page.
 */
export function useCursorList<Fs extends Record<string, UrlFilter>>({ filters, pageSizes, defaultPageSize, isCursor, historyKey }: CursorListOptions<Fs>) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  type Values = FilterValues<Fs>;
  const entries = Object.entries(filters) as Array<[keyof Fs & string, UrlFilter]>;
  const names = entries.map(([name]) => name);
  const size = Number(searchParams.get("size"));
  const cursor = searchParams.get("cursor");
  const earlier = (location.state as Record<string, unknown> | null)?.[historyKey];
  const values = Object.fromEntries(entries.map(([name, filter]) => [name, filter.read(searchParams.get(filter.param))])) as Values;
  const state = {
    ...values,
    pageSize: pageSizes.includes(size) ? size : defaultPageSize,
    /** The `next_cursor` this page starts after; null on the first page. */
    cursor: cursor && isCursor(cursor) ? cursor : null,
    /** The cursors of the pages visited before this one (null for the first page), for Previous. */
    earlier: (Array.isArray(earlier) ? earlier : []) as Array<string | null>,
  };

  const go = (next: Values & { pageSize: number; cursor: string | null }, earlierPages: Array<string | null>) => {
    const params = new URLSearchParams();
    for (const [name, filter] of entries) {
      const value = next[name];
      if (value) params.set(filter.param, value);
    }
    if (next.pageSize !== defaultPageSize) params.set("size", String(next.pageSize));
    if (next.cursor) params.set("cursor", next.cursor);
    void navigate({ search: params.toString() }, { state: { [historyKey]: earlierPages } });
  };
  const restart = (change: Partial<Values | { pageSize: number }>) => go({ ...state, ...change, cursor: null }, []);

  return {
    ...state,
    filtered: names.some((name) => values[name] !== null),
    setFilters: (change: Partial<Values>) => restart(change),
    clearFilters: () => restart(Object.fromEntries(names.map((name) => [name, null])) as Partial<Values>),
    setPageSize: (pageSize: number) => restart({ pageSize }),
    next: (nextCursor: string) => go({ ...state, cursor: nextCursor }, [...state.earlier, state.cursor]),
    previous: () => go({ ...state, cursor: state.earlier.at(-1) ?? null }, state.earlier.slice(0, -1)),
    first: () => go({ ...state, cursor: null }, []),
  };
}
