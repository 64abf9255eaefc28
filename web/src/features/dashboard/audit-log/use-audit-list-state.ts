import type { api } from "@gatehouse/clients/react";
import { choiceFilter, matchingFilter, useCursorList } from "../../../lib/use-cursor-list";

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

const ID = /^[\w.:-]{1,128}$/;

/** The audit log's filters, page size and page, kept in the address; earlier pages' cursors in the history entry. */
export function useAuditListState() {
  return useCursorList({
    filters: {
      actions: choiceFilter("actions", ACTION_GROUPS),
      period: choiceFilter("period", PERIODS),
      /** Events where this user is the actor or the target. */
      userId: matchingFilter("user", ID),
      teamId: matchingFilter("team", ID),
    },
    pageSizes: PAGE_SIZES,
    defaultPageSize: DEFAULT_PAGE_SIZE,
    isCursor: (cursor) => /^\d{1,16}$/.test(cursor),
    historyKey: "auditPages",
  });
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
