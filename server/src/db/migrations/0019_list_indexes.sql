-- Every list reads its rows in the order of one index, so a page costs the same wherever it
-- starts; user search finds its rows through trigram indexes instead of reading every user.

-- Trusted since PostgreSQL 13: the owner of the database may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX users_display_name_trgm_idx ON users USING gin (display_name gin_trgm_ops);
CREATE INDEX users_id_trgm_idx ON users USING gin ((id::text) gin_trgm_ops);
CREATE INDEX contact_channels_value_trgm_idx ON contact_channels USING gin (value gin_trgm_ops);

CREATE INDEX teams_created_idx ON teams (project_id, branch_id, created_at, id);
CREATE INDEX team_members_team_created_idx ON team_members (project_id, branch_id, team_id, created_at, user_id);

-- These replace indexes whose leading columns they repeat, adding the list's sort.
CREATE INDEX sessions_user_created_idx ON sessions (project_id, branch_id, user_id, created_at, id);
DROP INDEX sessions_user_idx;
CREATE INDEX contact_channels_user_created_idx ON contact_channels (project_id, branch_id, user_id, created_at, id);
DROP INDEX contact_channels_user_idx;
CREATE INDEX verification_codes_team_created_idx ON verification_codes (project_id, branch_id, team_id, created_at, id) WHERE team_id IS NOT NULL;
DROP INDEX verification_codes_team_idx;
CREATE INDEX api_keys_user_created_idx ON api_keys (project_id, branch_id, user_id, created_at DESC, id) WHERE user_id IS NOT NULL;
DROP INDEX api_keys_user_idx;
CREATE INDEX api_keys_team_created_idx ON api_keys (project_id, branch_id, team_id, created_at DESC, id) WHERE team_id IS NOT NULL;
DROP INDEX api_keys_team_idx;
