-- Self-serve SSO set-up (issue 30 §3): links that let a team's administrator configure the
-- team's SSO connections, domains and SCIM directory without the project's dashboard, and the
-- results of the test sign-ins made through them.

-- A set-up link. Its token is shown once and stored as a SHA-256 digest; it opens exactly one
-- team of one project branch until it expires or is revoked. It goes with its team.
CREATE TABLE sso_portal_links (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  team_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  token_hint text NOT NULL,
  created_by_type text NOT NULL,
  created_by_id text,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE INDEX sso_portal_links_team ON sso_portal_links (project_id, branch_id, team_id, created_at);

-- A test sign-in through a connection: the real round trip to the IdP, which signs no one in
-- but notes here what the IdP asserted (or why its answer was refused). `outcome` is null while
-- the browser is at the IdP. Read back through the link that started it; kept one day.
CREATE TABLE sso_test_sign_ins (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  team_id uuid NOT NULL,
  connection_id uuid NOT NULL,
  portal_link_id uuid NOT NULL,
  outcome jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE INDEX sso_test_sign_ins_expiry ON sso_test_sign_ins (expires_at);
