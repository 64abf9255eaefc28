-- Gatehouse now names its built-in e-mail themes and notification categories with Stack Auth's
-- ids, so that an SDK or app that names one by id means the same one here. Stored data that
-- names the old ids is rewritten:
--   themes      default-light -> 1df07ae6-abf3-4a40-83a5-a1a2cbe336ac
--               default-dark  -> a0172b5d-cff0-463b-83bb-85124697373a
--               (configuration overrides: emails.selectedThemeId, emails.themes.<id>,
--               emails.templates.<id>.themeId, as nested objects or dotted keys; drafts)
--   categories  Transactional 3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f -> 7bb82d33-2f54-4a3d-9d23-82739e0d66ef
--               Marketing     9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d -> 4f6f8873-3d04-46bd-8bef-18338b1a1b4c
-- The old theme names still work wherever a theme id is read, and the old category ids where
-- a sent unsubscribe link carries one (queued messages keep them sealed, out of SQL's reach).

CREATE FUNCTION gatehouse_0050_theme_id(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE value
    WHEN 'default-light' THEN '1df07ae6-abf3-4a40-83a5-a1a2cbe336ac'
    WHEN 'default-dark' THEN 'a0172b5d-cff0-463b-83bb-85124697373a'
    ELSE value END
$$;

-- Rewrites one override document; `path` is where `value` sits in it (dotted keys split).
CREATE FUNCTION gatehouse_0050_override(value jsonb, path text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result jsonb;
  entry_key text;
  entry_value jsonb;
  full_path text[];
  depth int := coalesce(array_length(path, 1), 0);
  i int;
BEGIN
  IF jsonb_typeof(value) = 'object' THEN
    result := '{}'::jsonb;
    FOR entry_key, entry_value IN SELECT * FROM jsonb_each(value) LOOP
      full_path := path || string_to_array(entry_key, '.');
      FOR i IN depth + 1 .. coalesce(array_length(full_path, 1), 0) LOOP
        IF i > 1 AND full_path[i - 1] = 'themes' THEN
          full_path[i] := gatehouse_0050_theme_id(full_path[i]);
        END IF;
      END LOOP;
      result := result || jsonb_build_object(
        array_to_string(full_path[depth + 1 : array_length(full_path, 1)], '.'),
        gatehouse_0050_override(entry_value, full_path)
      );
    END LOOP;
    RETURN result;
  END IF;
  IF jsonb_typeof(value) = 'string' AND path[array_length(path, 1)] IN ('selectedThemeId', 'themeId') THEN
    RETURN to_jsonb(gatehouse_0050_theme_id(value #>> '{}'));
  END IF;
  RETURN value;
END
$$;

UPDATE config_overrides
SET override = gatehouse_0050_override(override, ARRAY[]::text[])
WHERE override::text LIKE '%default-light%' OR override::text LIKE '%default-dark%';

UPDATE email_drafts SET theme_id = gatehouse_0050_theme_id(theme_id) WHERE theme_id IN ('default-light', 'default-dark');

DROP FUNCTION gatehouse_0050_override(jsonb, text[]);
DROP FUNCTION gatehouse_0050_theme_id(text);

-- A user's stored choice under the old id and the new one (both could exist only if written
-- between upgrades) keeps the newer.
DELETE FROM notification_preferences old_choice
USING notification_preferences new_choice
WHERE old_choice.project_id = new_choice.project_id AND old_choice.branch_id = new_choice.branch_id
  AND old_choice.user_id = new_choice.user_id
  AND ((old_choice.category_id = '3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f' AND new_choice.category_id = '7bb82d33-2f54-4a3d-9d23-82739e0d66ef')
    OR (old_choice.category_id = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d' AND new_choice.category_id = '4f6f8873-3d04-46bd-8bef-18338b1a1b4c'));

UPDATE notification_preferences SET category_id = CASE category_id
    WHEN '3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f' THEN '7bb82d33-2f54-4a3d-9d23-82739e0d66ef'::uuid
    ELSE '4f6f8873-3d04-46bd-8bef-18338b1a1b4c'::uuid END
WHERE category_id IN ('3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f', '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d');

UPDATE email_outbox SET notification_category_id = CASE notification_category_id
    WHEN '3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f' THEN '7bb82d33-2f54-4a3d-9d23-82739e0d66ef'
    ELSE '4f6f8873-3d04-46bd-8bef-18338b1a1b4c' END
WHERE notification_category_id IN ('3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f', '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d');
