-- API keys owned by a user or by a team (CONTRACT "user-api-keys and team-api-keys").
-- Only a SHA-256 digest of the key is stored, with its last four characters for display.
-- The owner columns are real foreign keys, so deleting a user or a team deletes its keys
-- in the same statement (and so in the same transaction as the deletion).
CREATE TABLE api_keys (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  user_id uuid,
  team_id uuid,
  description text NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  secret_hash text NOT NULL,
  last_four text NOT NULL,
  expires_at timestamptz,
  manually_revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  CHECK ((user_id IS NULL) <> (team_id IS NULL)),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE
);

CREATE INDEX api_keys_user_idx ON api_keys (project_id, branch_id, user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX api_keys_team_idx ON api_keys (project_id, branch_id, team_id, created_at) WHERE team_id IS NOT NULL;
