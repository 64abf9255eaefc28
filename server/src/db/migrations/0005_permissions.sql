-- Team and project permissions granted directly to users. Definitions live in the project
-- configuration (rbac.permissions); a grant names a definition by id. Team grants belong to a
-- membership and go with it; project grants have no team (team_id is NULL).
CREATE TABLE permission_grants (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('team', 'project')),
  team_id uuid,
  user_id uuid NOT NULL,
  permission_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((scope = 'team') = (team_id IS NOT NULL)),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, branch_id, team_id, user_id) REFERENCES team_members (project_id, branch_id, team_id, user_id) ON DELETE CASCADE
);

CREATE UNIQUE INDEX permission_grants_unique_idx
  ON permission_grants (project_id, branch_id, scope, COALESCE(team_id, '00000000-0000-0000-0000-000000000000'::uuid), user_id, permission_id);

CREATE INDEX permission_grants_user_idx ON permission_grants (project_id, branch_id, user_id);

CREATE INDEX permission_grants_permission_idx ON permission_grants (project_id, scope, permission_id);
