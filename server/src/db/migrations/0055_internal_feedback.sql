-- Feedback and bug reports sent to the platform's operators (POST /internal/feedback), kept
-- so they are not lost when no recipient is configured; read with GET /internal/feedback and
-- swept by retention. It belongs to the platform, not to a tenant: source_project_id and
-- user_id record where a signed-in sender came from, and are never used to find rows.
CREATE TABLE internal_feedback (
  id uuid PRIMARY KEY,
  source_project_id text,
  source_branch_id text,
  user_id uuid,
  name text,
  email text NOT NULL,
  message text NOT NULL,
  feedback_type text CHECK (feedback_type IN ('feedback', 'bug')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Newest first, for the list and its cursor; also the retention sweep's age condition.
CREATE INDEX internal_feedback_created_idx ON internal_feedback (created_at DESC, id DESC);
