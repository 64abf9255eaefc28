import type { api } from "@gatehouse/clients/react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

export const PAGE_SIZES = [25, 50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = 50;

/** The groups of actions the page filters by: each a prefix of the audit log's action names. */
export const ACTION_GROUPS = {
  "auth.sign_in": "Sign-ins",
  "auth.sign_in.failed": "Failed sign-ins",
  "auth.": "Account security",
  "session.": "Sessions",
  "api_key.": "API keys",
  "permission.": "Permissions",
  "team.": "Teams",
  "user.": "Users (server and admin)",
  "project.": "Project",
  "scim.": "SCIM",
  "sso.": "Single sign-on",
} as const;
export const PERIODS = { "24h": { label: "Last 24 hours", millis: 86_400_000 }, "7d": { label: "Last 7 days", millis: 7 * 86_400_000 }, "30d": { label: "Last 30 days", millis: 30 * 86_400_000 } } as const;

export type ActionGroup = keyof typeof ACTION_GROUPS;
export type PeriodChoice = keyof typeof PERIODS;

export interface AuditFilters {
  actions: ActionGroup | null;
  period: PeriodChoice | null;
  /** Events where this user is the actor or the target. */
  userId: string | null;
  teamId: string | null;
}

const pick = <K extends string>(choices: Record<K, unknown>, value: string | null): K | null =>
  value !== null && Object.hasOwn(choices, value) ? (value as K) : null;
const id = (value: string | null) => (value && /^[\w.:-]{1,128}$/.test(value) ? value : null);

/** The audit log's filters, page size and page, kept in the address; earlier pages' cursors in the history entry. */
export function useAuditListState() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const size = Number(searchParams.get("size"));
  const cursor = searchParams.get("cursor");
  const earlier = (location.state as { auditPages?: Array<string | null> } | null)?.auditPages;
  const state = {
    actions: pick(ACTION_GROUPS, searchParams.get("actions")),
    period: pick(PERIODS, searchParams.get("period")),
    userId: id(searchParams.get("user")),
    teamId: id(searchParams.get("team")),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    cursor: cursor && /^\d{1,16}$/.test(cursor) ? cursor : null,
    earlier: Array.isArray(earlier) ? earlier : [],
  };
  type State = typeof state;

  const go = (next: Omit<State, "earlier">, earlierPages: Array<string | null>) => {
    const params = new URLSearchParams();
    if (next.actions) params.set("actions", next.actions);
    if (next.period) params.set("period", next.period);
    if (next.userId) params.set("user", next.userId);
    if (next.teamId) params.set("team", next.teamId);
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(next.pageSize));
    if (next.cursor) params.set("cursor", next.cursor);
    void navigate({ search: params.toString() }, { state: { auditPages: earlierPages } });
  };
  const restart = (change: Partial<AuditFilters & { pageSize: number }>) => go({ ...state, ...change, cursor: null }, []);

  return {
    ...state,
    filtered: Boolean(state.actions || state.period || state.userId || state.teamId),
    setFilters: (change: Partial<AuditFilters>) => restart(change),
    clearFilters: () => restart({ actions: null, period: null, userId: null, teamId: null }),
    setPageSize: (pageSize: number) => restart({ pageSize }),
    next: (nextCursor: string) => go({ ...state, cursor: nextCursor }, [...state.earlier, state.cursor]),
    previous: () => go({ ...state, cursor: state.earlier.at(-1) ?? null }, state.earlier.slice(0, -1)),
    first: () => go({ ...state, cursor: null }, []),
  };
}

export type AuditList = ReturnType<typeof useAuditListState>;

/** The `GET /internal/audit-log` query of a list state; "last 24 hours" counts from the current minute so the key holds still. */
export function listParams(list: Omit<AuditList, "earlier">, now = Date.now()): api.ListAuditEventsParams {
  const minute = Math.floor(now / 60_000) * 60_000;
  return {
    limit: list.pageSize,
    ...(list.cursor ? { cursor: list.cursor } : {}),
    ...(list.actions ? { action_prefix: list.actions } : {}),
    ...(list.period ? { from_millis: minute - PERIODS[list.period].millis } : {}),
    ...(list.userId ? { user_id: list.userId } : {}),
    ...(list.teamId ? { team_id: list.teamId } : {}),
  };
}
