-- What the project's sign-up rules matched, for GET /internal/sign-up-rules-stats: counts per
-- rule, action and UTC hour for the last 48 hours, and one all-time count per rule. Both stay
-- small: each write drops hours older than the window and the rows of rules the project no
-- longer has, so a project keeps at most (its rules x 4 actions x 48) hourly rows.
CREATE TABLE sign_up_rule_trigger_hours (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  rule_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('allow', 'reject', 'restrict', 'log')),
  hour timestamptz NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (project_id, branch_id, rule_id, action, hour),
  FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
);

CREATE TABLE sign_up_rule_trigger_totals (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  rule_id text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (project_id, branch_id, rule_id),
  FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
);
