-- The outbox becomes a queue. Every message is a row that a worker in some server process
-- claims when due (FOR UPDATE SKIP LOCKED, so processes sharing one database never take the
-- same row), renders when it was queued from a template, draft or html, and hands to SMTP.
--
--   scheduled  waiting for its time (scheduled_at, or a later slot the project's capacity gave it)
--   queued     due; waiting for a worker
--   rendering  claimed; its source is being rendered
--   sending    claimed; handed to SMTP
--   sent / bounced (refused for good by the receiving server) / failed (after the last attempt)
--   skipped    cancelled by an admin, or the user turned the category off before it was sent
--   not_sent   no SMTP server was configured (older rows; kept readable)
--
-- A claim sets next_attempt_at past the time a try can take (a lease): a row whose process died
-- mid-try is due again when the lease runs out. After a failed try next_attempt_at is the back-off.
-- Subject and bodies are written once rendered (sealed); `source` holds what to render (sealed:
-- html, template id and variables, draft id, theme, subject), null for mail queued ready-made.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
  CHECK (status IN ('queued', 'scheduled', 'rendering', 'sending', 'sent', 'bounced', 'failed', 'skipped', 'not_sent'));
ALTER TABLE email_outbox ALTER COLUMN subject DROP NOT NULL;
ALTER TABLE email_outbox ALTER COLUMN text_body DROP NOT NULL;
ALTER TABLE email_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE email_outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE email_outbox ADD COLUMN scheduled_at timestamptz;
ALTER TABLE email_outbox ADD COLUMN priority integer NOT NULL DEFAULT 0;
ALTER TABLE email_outbox ADD COLUMN source_kind text CHECK (source_kind IN ('html', 'template', 'draft'));
ALTER TABLE email_outbox ADD COLUMN source text;
ALTER TABLE email_outbox ADD COLUMN notification_category_id text;
ALTER TABLE email_outbox ADD COLUMN draft_id text;
ALTER TABLE email_outbox ADD COLUMN paused boolean NOT NULL DEFAULT false;
ALTER TABLE email_outbox ADD COLUMN rendered_at timestamptz;
ALTER TABLE email_outbox ADD COLUMN started_sending_at timestamptz;
ALTER TABLE email_outbox ADD COLUMN finished_at timestamptz;
-- One entry per failed try: {attempt, at, error} (SMTP answers; no content).
ALTER TABLE email_outbox ADD COLUMN attempt_errors jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE email_outbox ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Rows of an older version still queued are due now.
UPDATE email_outbox SET next_attempt_at = created_at WHERE status = 'queued';

-- The workers' claim: due rows, high priority first.
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at)
  WHERE status IN ('queued', 'scheduled', 'rendering', 'sending');

-- The retention sweep deletes finished rows only; a scheduled or in-flight one is never stale.
DROP INDEX email_outbox_finished_age_idx;
CREATE INDEX email_outbox_finished_age_idx ON email_outbox (created_at)
  WHERE status IN ('sent', 'bounced', 'failed', 'skipped', 'not_sent');

-- Delivery statistics per project and window.
CREATE INDEX email_outbox_finished_idx ON email_outbox (project_id, branch_id, finished_at) WHERE finished_at IS NOT NULL;

-- A project's sending capacity: a virtual clock (GCRA) that each queued message moves on by
-- 1/rate; a message whose slot is past the allowed burst waits (status scheduled) for it.
CREATE TABLE email_capacity (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  theoretical_arrival_at timestamptz NOT NULL DEFAULT 'epoch',
  boost_expires_at timestamptz,
  PRIMARY KEY (project_id, branch_id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);
