-- The days (UTC) on which each user was active, for the daily-active-users metrics and
-- GET /internal/user-activity. Filled by a trigger from users.last_active_at, so every path
-- that records activity (requests, refreshes, sign-ins, sign-ups) counts without knowing it;
-- those writes happen at most once a minute per user (services/activity.ts).
CREATE TABLE user_activity_days (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  day date NOT NULL,
  user_id uuid NOT NULL,
  -- As the user was that day, so the metrics can leave anonymous users out without a join.
  is_anonymous boolean NOT NULL,
  PRIMARY KEY (project_id, branch_id, day, user_id),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);

CREATE INDEX user_activity_days_user_idx ON user_activity_days (project_id, branch_id, user_id, day);

CREATE FUNCTION record_user_activity_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_activity_days (project_id, branch_id, day, user_id, is_anonymous)
  VALUES (NEW.project_id, NEW.branch_id, (NEW.last_active_at AT TIME ZONE 'UTC')::date, NEW.id, NEW.is_anonymous)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_active_on_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION record_user_activity_day();
CREATE TRIGGER users_active_on_update AFTER UPDATE OF last_active_at ON users
  FOR EACH ROW WHEN (NEW.last_active_at IS DISTINCT FROM OLD.last_active_at) EXECUTE FUNCTION record_user_activity_day();

-- Users by sign-in method and by country are counted over the whole project.
CREATE INDEX users_country_idx ON users (project_id, branch_id, country_code);
