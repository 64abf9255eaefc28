-- Keyset pagination of users by last activity, and lookups of a user's channels.
CREATE INDEX users_last_active_idx ON users (project_id, branch_id, last_active_at, id);
CREATE INDEX contact_channels_user_idx ON contact_channels (project_id, branch_id, user_id);
