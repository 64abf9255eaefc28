-- Configuration overrides are now stored as Stack Auth stores them (services/project-config/
-- render.ts): keys as written, often dotted, a later level's key replacing an earlier level's
-- keys below it. Overrides were stored nested before, with levels deep-merged; this rewrites
-- them so that they render as they did:
--
-- 1. Every override is flattened to dotted keys, down to the entries of records (a trusted
--    domain, a permission definition, a product...), which stay whole objects. Empty objects
--    said nothing when levels were merged, and are dropped.
-- 2. New projects keep their settings at the environment level, and the project level holds
--    only `sourceOfTruth` and `project`, as in Stack Auth. What older projects hold at the
--    project level moves to the environment level of each of their branches, where the
--    environment's own keys, and keys the branch level sets itself, still win (an entry both
--    levels describe, such as an OAuth provider, keeps the fields of both, the environment's
--    winning, as when levels were merged).
CREATE FUNCTION gatehouse_flatten_override(doc jsonb, prefix text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  result jsonb := '{}'::jsonb;
  item record;
  path text;
  parent text;
BEGIN
  FOR item IN SELECT key, value FROM jsonb_each(doc) LOOP
    path := prefix || item.key;
    parent := CASE WHEN position('.' in path) = 0 THEN '' ELSE regexp_replace(path, '\.[^.]*$', '') END;
    IF jsonb_typeof(item.value) = 'object' AND NOT (parent = ANY (ARRAY[
      'rbac.permissions', 'rbac.defaultPermissions.teamCreator', 'rbac.defaultPermissions.teamMember',
      'rbac.defaultPermissions.signUp', 'apps.installed', 'domains.trustedDomains', 'auth.oauth.providers',
      'auth.signUpRules', 'emails.themes', 'emails.templates', 'payments.catalogs', 'payments.productLines',
      'payments.products', 'payments.items', 'dbSync.externalDatabases', 'dataVault.stores', 'webhooks.endpoints',
      'rateLimits', 'sourceOfTruth.connectionStrings', 'analytics.queryFolders', 'customDashboards'
    ])) THEN
      result := result || gatehouse_flatten_override(item.value, path || '.');
    ELSE
      result := result || jsonb_build_object(path, item.value);
    END IF;
  END LOOP;
  RETURN result;
END $$;

UPDATE config_overrides SET override = gatehouse_flatten_override(override, '') WHERE override <> '{}'::jsonb;

DROP FUNCTION gatehouse_flatten_override(jsonb, text);

INSERT INTO config_overrides (project_id, level, branch_id, override)
SELECT b.project_id, 'environment', b.id, '{}'::jsonb
FROM branches b
JOIN config_overrides p ON p.project_id = b.project_id AND p.level = 'project'
WHERE p.override <> '{}'::jsonb
ON CONFLICT (project_id, level, branch_id) DO NOTHING;

UPDATE config_overrides e
SET override = e.override || COALESCE((
      SELECT jsonb_object_agg(
        moved.key,
        CASE
          WHEN NOT e.override ? moved.key THEN moved.value
          WHEN jsonb_typeof(moved.value) = 'object' AND jsonb_typeof(e.override -> moved.key) = 'object' THEN moved.value || (e.override -> moved.key)
          ELSE e.override -> moved.key
        END)
      FROM jsonb_each(p.override) AS moved
      WHERE moved.key NOT IN ('sourceOfTruth', 'project')
        AND moved.key NOT LIKE 'sourceOfTruth.%' AND moved.key NOT LIKE 'project.%'
        AND NOT EXISTS (
          SELECT 1 FROM config_overrides br
          WHERE br.project_id = e.project_id AND br.level = 'branch' AND br.branch_id = e.branch_id AND br.override ? moved.key
        )
    ), '{}'::jsonb),
    updated_at = now()
FROM config_overrides p
WHERE e.level = 'environment' AND p.level = 'project' AND p.project_id = e.project_id AND p.override <> '{}'::jsonb;

UPDATE config_overrides
SET override = COALESCE((
      SELECT jsonb_object_agg(kept.key, kept.value)
      FROM jsonb_each(override) AS kept
      WHERE kept.key IN ('sourceOfTruth', 'project') OR kept.key LIKE 'sourceOfTruth.%' OR kept.key LIKE 'project.%'
    ), '{}'::jsonb),
    updated_at = now()
WHERE level = 'project' AND override <> '{}'::jsonb;
