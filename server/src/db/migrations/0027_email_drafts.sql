-- E-mail drafts (/internal/email-drafts): a one-off message written in TSX, sent once.
-- Themes and templates live in the project configuration; drafts are many, edited often and
-- not configuration, so they are rows. theme_mode says how theme_id is read: 'project' uses
-- the project's selected theme, 'custom' the theme theme_id names, 'none' no theme.
CREATE TABLE email_drafts (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  display_name text NOT NULL,
  theme_mode text NOT NULL DEFAULT 'project' CHECK (theme_mode IN ('project', 'custom', 'none')),
  theme_id text,
  tsx_source text NOT NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
  CHECK ((theme_mode = 'custom') = (theme_id IS NOT NULL))
);

CREATE INDEX email_drafts_recent ON email_drafts (project_id, branch_id, updated_at DESC);
