import type { Queryable } from "../db";
import { toMillis } from "./rows";

export interface FeedbackRecord {
  id: string;
  sourceProjectId: string | null;
  sourceBranchId: string | null;
  userId: string | null;
  name: string | null;
  email: string;
  message: string;
  feedbackType: "feedback" | "bug" | null;
  createdAtMillis: number;
}

interface FeedbackRow {
  id: string;
  source_project_id: string | null;
  source_branch_id: string | null;
  user_id: string | null;
  name: string | null;
  email: string;
  message: string;
  feedback_type: "feedback" | "bug" | null;
  created_at: Date;
}

const COLUMNS = "id, source_project_id, source_branch_id, user_id, name, email, message, feedback_type, created_at";

const toRecord = (row: FeedbackRow): FeedbackRecord => ({
  id: row.id,
  sourceProjectId: row.source_project_id,
  sourceBranchId: row.source_branch_id,
  userId: row.user_id,
  name: row.name,
  email: row.email,
  message: row.message,
  feedbackType: row.feedback_type,
  createdAtMillis: toMillis(row.created_at),
});

export async function insertFeedback(q: Queryable, feedback: Omit<FeedbackRecord, "createdAtMillis">): Promise<FeedbackRecord> {
  const rows = await q.query<FeedbackRow>(
    `INSERT INTO internal_feedback (id, source_project_id, source_branch_id, user_id, name, email, message, feedback_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [feedback.id, feedback.sourceProjectId, feedback.sourceBranchId, feedback.userId, feedback.name, feedback.email, feedback.message, feedback.feedbackType],
  );
  return toRecord(rows[0]!);
}

/** Newest first; `afterId` continues after that row (keyset: the index's order, the cursor row read once). */
export async function listFeedback(q: Queryable, limit: number, afterId: string | null): Promise<FeedbackRecord[]> {
  const rows = await q.query<FeedbackRow>(
    afterId === null
      ? `SELECT ${COLUMNS} FROM internal_feedback ORDER BY created_at DESC, id DESC LIMIT $1`
      : `SELECT ${COLUMNS} FROM internal_feedback
         WHERE (created_at, id) < (SELECT created_at, id FROM internal_feedback WHERE id = $2)
         ORDER BY created_at DESC, id DESC LIMIT $1`,
    afterId === null ? [limit] : [limit, afterId],
  );
  return rows.map(toRecord);
}
