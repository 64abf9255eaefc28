-- The internal project used to start with no team permission definitions and empty creator
-- and member defaults, so nobody could see or invite the members of a team that owns a
-- dashboard project. Installations created since start with the starter definitions
-- (services/permissions/starter-definitions.ts); this gives older ones the same, unless an
-- administrator has configured permissions on `internal` already. Every member of an
-- internal team administers that team's projects equally, so each one becomes the team's
-- `team_admin`: nobody gains more than they could already do through the projects.
WITH seeded AS (
  UPDATE config_overrides
  SET override = override || '{"rbac": {"permissions": {"team_admin": {"description": "Given to whoever creates a team: every team system permission", "scope": "team", "containedPermissionIds": {"$update_team": true, "$delete_team": true, "$read_members": true, "$remove_members": true, "$invite_members": true, "$manage_api_keys": true}}, "team_member": {"description": "Given to every member who joins a team: read and invite its members", "scope": "team", "containedPermissionIds": {"$read_members": true, "$invite_members": true}}}, "defaultPermissions": {"teamCreator": {"team_admin": true}, "teamMember": {"team_member": true}, "signUp": {}}}}'::jsonb,
      updated_at = now()
  WHERE project_id = 'internal' AND level = 'project' AND branch_id = ''
    AND NOT EXISTS (
      SELECT 1 FROM config_overrides configured, jsonb_object_keys(configured.override) AS key
      WHERE configured.project_id = 'internal' AND (key = 'rbac' OR key LIKE 'rbac.%')
    )
  RETURNING project_id
)
INSERT INTO permission_grants (project_id, branch_id, scope, team_id, user_id, permission_id)
SELECT member.project_id, member.branch_id, 'team', member.team_id, member.user_id, 'team_admin'
FROM team_members member
JOIN seeded ON seeded.project_id = member.project_id
ON CONFLICT DO NOTHING;
