import type { api } from "@gatehouse/clients/react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { UUID } from "../../../lib/uuid";

export const PAGE_SIZES = [25, 50, 100, 250, 1000] as const;
const DEFAULT_PAGE_SIZE = 50;

export type UserOrder = api.ListUsersOrderBy;
export interface UserSort {
  orderBy: UserOrder;
  desc: boolean;
}

/** Newest first: the people who just signed up are the ones an admin most often looks for. */
const DEFAULT_SORT: UserSort = { orderBy: "signed_up_at", desc: true };

export interface UserListState {
  query: string;
  sort: UserSort;
  pageSize: number;
  includeAnonymous: boolean;
  /** The `next_cursor` this page starts after; null on the first page. */
  cursor: string | null;
  /** The cursors of the pages visited before this one, oldest first (null for the first page), for Previous. */
  earlier: Array<string | null>;
}

interface PagesState {
  userPages?: Array<string | null>;
}

/**
 * The users list's search, sort, page size, filter and page, kept in the URL so that a page of
 * results has its own link and survives a reload. The cursors of the pages before it live in
 * the history entry's state: they survive a reload and Back too, without a URL that grows a
 * cursor per page; a shared link opens without them and offers the first page instead.
 */
export function useUserListState() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const orderBy = searchParams.get("sort");
  const size = Number(searchParams.get("size"));
  const cursor = searchParams.get("cursor");
  const earlier = (location.state as PagesState | null)?.userPages;
  const state: UserListState = {
    query: searchParams.get("q") ?? "",
    sort: orderBy === "signed_up_at" || orderBy === "last_active_at" ? { orderBy, desc: searchParams.get("order") !== "asc" } : DEFAULT_SORT,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    includeAnonymous: searchParams.get("anonymous") === "1",
    cursor: cursor && UUID.test(cursor) ? cursor : null,
    earlier: Array.isArray(earlier) ? earlier : [],
  };

  const go = (next: Omit<UserListState, "earlier">, earlierPages: Array<string | null>, replace = false) => {
    const params = new URLSearchParams();
    if (next.query) params.set("q", next.query);
    if (next.sort.orderBy !== DEFAULT_SORT.orderBy || next.sort.desc !== DEFAULT_SORT.desc) {
      params.set("sort", next.sort.orderBy);
      params.set("order", next.sort.desc ? "desc" : "asc");
    }
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(next.pageSize));
    if (next.includeAnonymous) params.set("anonymous", "1");
    if (next.cursor) params.set("cursor", next.cursor);
    void navigate({ search: params.toString() }, { replace, state: { userPages: earlierPages } satisfies PagesState });
  };
  // Any change to what is listed starts again from its first page.
  const restart = (change: Partial<Pick<UserListState, "query" | "sort" | "pageSize" | "includeAnonymous">>, replace = false) =>
    go({ ...state, ...change, cursor: null }, [], replace);

  return {
    ...state,
    /** Typing replaces the history entry rather than adding one per search. */
    setQuery: (query: string) => restart({ query }, true),
    setSort: (sort: UserSort) => restart({ sort }),
    setPageSize: (pageSize: number) => restart({ pageSize }),
    setIncludeAnonymous: (includeAnonymous: boolean) => restart({ includeAnonymous }),
    next: (nextCursor: string) => go({ ...state, cursor: nextCursor }, [...state.earlier, state.cursor]),
    previous: () => go({ ...state, cursor: state.earlier.at(-1) ?? null }, state.earlier.slice(0, -1)),
    first: () => go({ ...state, cursor: null }, []),
  };
}

export type UserList = ReturnType<typeof useUserListState>;

/** The `GET /users` query of a list state; restricted users are listed too, with their badge. */
export function listParams(list: UserListState): api.ListUsersParams {
  return {
    limit: list.pageSize,
    order_by: list.sort.orderBy,
    desc: list.sort.desc ? "true" : "false",
    query: list.query || undefined,
    cursor: list.cursor ?? undefined,
    include_anonymous: list.includeAnonymous ? "true" : undefined,
    include_restricted: "true",
  };
}
