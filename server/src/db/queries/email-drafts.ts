import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

/** A draft's theme: the project's selected one (null), a named one, or none (false). */
export type DraftThemeId = string | false | null;

export interface EmailDraftRow {
  id: string;
  displayName: string;
  themeId: DraftThemeId;
  tsxSource: string;
  sentAtMillis: number | null;
  updatedAtMillis: number;
}

interface Raw {
  id: string;
  display_name: string;
  theme_mode: "project" | "custom" | "none";
  theme_id: string | null;
  tsx_source: string;
  sent_at: Date | string | null;
  updated_at: Date | string;
}

const millis = (value: Date | string) => new Date(value).getTime();
const toRow = (raw: Raw): EmailDraftRow => ({
  id: raw.id,
  displayName: raw.display_name,
  themeId: raw.theme_mode === "custom" ? raw.theme_id : raw.theme_mode === "none" ? false : null,
  tsxSource: raw.tsx_source,
  sentAtMillis: raw.sent_at === null ? null : millis(raw.sent_at),
  updatedAtMillis: millis(raw.updated_at),
});
const themeColumns = (themeId: DraftThemeId) =>
  themeId === null ? { mode: "project", id: null } : themeId === false ? { mode: "none", id: null } : { mode: "custom", id: themeId };

const COLUMNS = "id, display_name, theme_mode, theme_id, tsx_source, sent_at, updated_at";

/** The most recently edited drafts first. */
export async function listEmailDrafts(q: Queryable, tenant: Tenant, limit: number): Promise<EmailDraftRow[]> {
  const rows = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM email_drafts WHERE project_id = $1 AND branch_id = $2 ORDER BY updated_at DESC, id LIMIT $3`,
    [tenant.projectId, tenant.branchId, limit],
  );
  return rows.map(toRow);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findEmailDraft(q: Queryable, tenant: Tenant, id: string): Promise<EmailDraftRow | null> {
  // Draft ids are UUIDs; anything else names no draft (and would be a cast error in SQL).
  if (!UUID.test(id)) return null;
  const rows = await q.query<Raw>(`SELECT ${COLUMNS} FROM email_drafts WHERE project_id = $1 AND branch_id = $2 AND id = $3`, [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function insertEmailDraft(
  q: Queryable,
  tenant: Tenant,
  draft: { id: string; displayName: string; themeId: DraftThemeId; tsxSource: string },
): Promise<void> {
  const theme = themeColumns(draft.themeId);
  await q.query(
    `INSERT INTO email_drafts (project_id, branch_id, id, display_name, theme_mode, theme_id, tsx_source) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [tenant.projectId, tenant.branchId, draft.id, draft.displayName, theme.mode, theme.id, draft.tsxSource],
  );
}

/** Changes the given fields; false when there is no such draft. */
export async function updateEmailDraft(
  q: Queryable,
  tenant: Tenant,
  id: string,
  changes: { displayName?: string; themeId?: DraftThemeId; tsxSource?: string; sentAtMillis?: number | null },
): Promise<boolean> {
  const sets: string[] = [];
  const values: unknown[] = [tenant.projectId, tenant.branchId, id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.displayName !== undefined) set("display_name", changes.displayName);
  if (changes.themeId !== undefined) {
    const theme = themeColumns(changes.themeId);
    set("theme_mode", theme.mode);
    set("theme_id", theme.id);
  }
  if (changes.tsxSource !== undefined) set("tsx_source", changes.tsxSource);
  if (changes.sentAtMillis !== undefined) set("sent_at", changes.sentAtMillis === null ? null : new Date(changes.sentAtMillis));
  sets.push("updated_at = now()");
  const rows = await q.query(`UPDATE email_drafts SET ${sets.join(", ")} WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING id`, values);
  return rows.length > 0;
}

export async function deleteEmailDraft(q: Queryable, tenant: Tenant, id: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM email_drafts WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING id`, [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
  return rows.length > 0;
}
