-- Indexes SCIM's hot paths lacked (measured on PostgreSQL with a million users in the project and
-- a directory linked to 100k of them).

-- /Users pages in (created_at, user_id) order with OFFSET (SCIM's startIndex): without this each
-- page sorted the whole directory (65 ms for the first page, 163 ms at startIndex 90001).
CREATE INDEX scim_users_directory_created ON scim_users (project_id, branch_id, directory_id, created_at, user_id);

-- The foreign key to team_members cascades on every removal of a team member anywhere in the
-- project (leaving a team, deleting a user): without an index leading with the team and the user,
-- each removal scanned every grant any directory made (56 ms at 180k grants).
CREATE INDEX scim_permission_grants_member ON scim_permission_grants (project_id, branch_id, team_id, user_id);
