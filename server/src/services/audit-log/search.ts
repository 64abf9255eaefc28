/**
 * Reading the audit log: the admin's filtered pages, a user's own events, a team's events,
 * and the export, which walks the same pages to the end. Paging is by seq only (never an
 * offset), so a page deep in ten million events costs what the first one does.
 */
import { listAuditEventPage, type AuditEventFilter } from "../../db/queries/audit-event-search";
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from "../../domain/audit-events";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export interface AuditLogQuery {
  userId?: string;
  teamId?: string;
  /** One action, exactly. */
  action?: string;
  /** Every action starting with this (`auth.`, `auth.sign_in`, `scim.`). */
  actionPrefix?: string;
  fromMillis?: number;
  toMillis?: number;
}

export interface AuditEventPage {
  items: AuditEvent[];
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: string | null;
}

const refuse = (problem: string): never => {
  throw new KnownError("AUDIT_LOG_FILTER_INVALID", { problem });
};

function actionsOf(query: AuditLogQuery): AuditAction[] | undefined {
  if (query.action === undefined && query.actionPrefix === undefined) return undefined;
  if (query.action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(query.action)) {
    refuse(`action "${query.action}" is not an action the audit log records.`);
  }
  return AUDIT_ACTIONS.filter(
    (action) => (query.action === undefined || action === query.action) && (query.actionPrefix === undefined || action.startsWith(query.actionPrefix)),
  );
}

function toFilter(query: AuditLogQuery): AuditEventFilter {
  if (query.fromMillis !== undefined && query.toMillis !== undefined && query.fromMillis > query.toMillis) {
    refuse("from_millis is later than to_millis.");
  }
  return {
    userId: query.userId,
    teamId: query.teamId,
    actions: actionsOf(query),
    fromMillis: query.fromMillis,
    toMillis: query.toMillis,
  };
}

function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  if (!/^[1-9]\d{0,15}$/.test(cursor)) refuse("cursor must be the next_cursor of a previous page.");
  return Number(cursor);
}

export async function listAuditEvents(
  deps: Pick<ServiceDeps, "db">,
  tenancy: Tenancy,
  query: AuditLogQuery,
  page: { limit: number; cursor?: string },
): Promise<AuditEventPage> {
  const filter = toFilter(query);
  const items = await listAuditEventPage(deps.db, tenancy, filter, { limit: page.limit + 1, beforeSeq: parseCursor(page.cursor) });
  const more = items.length > page.limit;
  const shown = more ? items.slice(0, page.limit) : items;
  return { items: shown, nextCursor: more ? String(shown[shown.length - 1]!.seq) : null };
}

const EXPORT_PAGE = 1_000;

/**
 * Every event the query matches, newest first, a page at a time (for streaming downloads). A
 * bad filter is refused here, before the first page is asked for, so a download never starts
 * only to break.
 */
export function exportAuditEvents(deps: Pick<ServiceDeps, "db">, tenancy: Tenancy, query: AuditLogQuery): AsyncGenerator<AuditEvent[]> {
  return exportPages(deps, tenancy, toFilter(query));
}

async function* exportPages(deps: Pick<ServiceDeps, "db">, tenancy: Tenancy, filter: AuditEventFilter): AsyncGenerator<AuditEvent[]> {
  let beforeSeq: number | undefined;
  for (;;) {
    const items = await listAuditEventPage(deps.db, tenancy, filter, { limit: EXPORT_PAGE, beforeSeq });
    if (items.length > 0) yield items;
    if (items.length < EXPORT_PAGE) return;
    beforeSeq = items[items.length - 1]!.seq;
  }
}
