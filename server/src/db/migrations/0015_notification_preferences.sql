-- A user's choice per notification category (GET|PATCH /emails/notification-preference/...).
-- Only choices that differ from nothing are stored: a category without a row for the user
-- follows its default.
CREATE TABLE notification_preferences (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  user_id uuid NOT NULL,
  category_id uuid NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, user_id, category_id),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);
