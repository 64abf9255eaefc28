-- The counters behind the overview groups of GET /internal/metrics (auth_overview): users with
-- a verified e-mail, teams, active users split by new / retained / reactivated, and monthly
-- active users. Like those of migration 0017 they are kept by triggers and spread over 16
-- shards, so the overview reads a few hundred rows whatever the project's size.

-- 1. Activity is history: a day on which a user was active stays counted when the user is
--    deleted later (as an event log would), until the retention sweeper drops the day.
ALTER TABLE user_activity_days DROP CONSTRAINT user_activity_days_project_id_branch_id_user_id_fkey;
ALTER TABLE user_activity_days ADD FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE;

-- What the day was to the user: 'new' (the day they signed up), 'retained' (active the day
-- before too) or 'reactivated' (back after at least a day away). Set when the day is recorded.
ALTER TABLE user_activity_days ADD COLUMN kind text;
UPDATE user_activity_days d SET kind = CASE
    WHEN (u.signed_up_at AT TIME ZONE 'UTC')::date >= d.day THEN 'new'
    WHEN EXISTS (SELECT 1 FROM user_activity_days p
                 WHERE p.project_id = d.project_id AND p.branch_id = d.branch_id AND p.user_id = d.user_id AND p.day = d.day - 1) THEN 'retained'
    ELSE 'reactivated' END
  FROM users u WHERE u.project_id = d.project_id AND u.branch_id = d.branch_id AND u.id = d.user_id;
UPDATE user_activity_days SET kind = 'reactivated' WHERE kind IS NULL;
ALTER TABLE user_activity_days ALTER COLUMN kind SET NOT NULL;
ALTER TABLE user_activity_days ADD CONSTRAINT user_activity_days_kind_check CHECK (kind IN ('new', 'retained', 'reactivated'));

CREATE FUNCTION classify_activity_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.kind := CASE
    WHEN EXISTS (SELECT 1 FROM users u WHERE u.project_id = NEW.project_id AND u.branch_id = NEW.branch_id AND u.id = NEW.user_id
                   AND (u.signed_up_at AT TIME ZONE 'UTC')::date >= NEW.day) THEN 'new'
    WHEN EXISTS (SELECT 1 FROM user_activity_days p
                 WHERE p.project_id = NEW.project_id AND p.branch_id = NEW.branch_id AND p.user_id = NEW.user_id AND p.day = NEW.day - 1) THEN 'retained'
    ELSE 'reactivated' END;
  RETURN NEW;
END;
$$;

CREATE TRIGGER user_activity_days_classified BEFORE INSERT ON user_activity_days FOR EACH ROW EXECUTE FUNCTION classify_activity_day();

-- A user's day is recorded once: later writes of last_active_at on the same UTC day need no insert.
DROP TRIGGER users_active_on_update ON users;
CREATE TRIGGER users_active_on_update AFTER UPDATE OF last_active_at ON users
  FOR EACH ROW WHEN ((NEW.last_active_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (OLD.last_active_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION record_user_activity_day();

-- 2. Active users per day, now also by kind.
DROP TRIGGER user_activity_days_counted ON user_activity_days;
DROP FUNCTION count_active_day();
DROP TABLE daily_active_counts;
CREATE TABLE daily_active_counts (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  day date NOT NULL,
  is_anonymous boolean NOT NULL,
  kind text NOT NULL,
  shard smallint NOT NULL,
  users bigint NOT NULL,
  PRIMARY KEY (project_id, branch_id, day, is_anonymous, kind, shard)
);

-- Users by the last day they were active, for monthly active users: the users active in a
-- window are those whose last active day falls in it. A user's entry moves when a later day
-- is recorded; days older than the retention period are never read (and swept).
CREATE TABLE last_active_counts (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  day date NOT NULL,
  is_anonymous boolean NOT NULL,
  shard smallint NOT NULL,
  users bigint NOT NULL,
  PRIMARY KEY (project_id, branch_id, day, is_anonymous, shard)
);

CREATE FUNCTION count_last_active(p_project text, p_branch text, p_day date, p_anonymous boolean, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO last_active_counts AS c VALUES (p_project, p_branch, p_day, p_anonymous, floor(random() * 16)::smallint, delta)
  ON CONFLICT (project_id, branch_id, day, is_anonymous, shard) DO UPDATE SET users = c.users + EXCLUDED.users;
$$;

CREATE FUNCTION count_active_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r user_activity_days := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  latest user_activity_days;
BEGIN
  INSERT INTO daily_active_counts AS c VALUES (r.project_id, r.branch_id, r.day, r.is_anonymous, r.kind, floor(random() * 16)::smallint,
    CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END)
  ON CONFLICT (project_id, branch_id, day, is_anonymous, kind, shard) DO UPDATE SET users = c.users + EXCLUDED.users;
  -- Deleting a day (the sweeper: days past retention) leaves the last-active entries alone:
  -- they are older than any window read.
  IF TG_OP = 'INSERT' THEN
    SELECT * INTO latest FROM user_activity_days
      WHERE project_id = r.project_id AND branch_id = r.branch_id AND user_id = r.user_id AND day <> r.day
      ORDER BY day DESC LIMIT 1;
    IF latest.day IS NULL OR latest.day < r.day THEN
      IF latest.day IS NOT NULL THEN PERFORM count_last_active(r.project_id, r.branch_id, latest.day, latest.is_anonymous, -1); END IF;
      PERFORM count_last_active(r.project_id, r.branch_id, r.day, r.is_anonymous, 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_activity_days_counted AFTER INSERT OR DELETE ON user_activity_days FOR EACH ROW EXECUTE FUNCTION count_active_day();

-- 3. Users with a verified e-mail: a column of users kept by the contact channels' trigger
--    (recomputed, not counted, so that a statement touching several channels stays right),
--    and one more dimension of user_counts.
ALTER TABLE users ADD COLUMN has_verified_email boolean NOT NULL DEFAULT false;
UPDATE users u SET has_verified_email = true WHERE EXISTS (
  SELECT 1 FROM contact_channels cc
  WHERE cc.project_id = u.project_id AND cc.branch_id = u.branch_id AND cc.user_id = u.id AND cc.type = 'email' AND cc.is_verified);

CREATE INDEX contact_channels_verified_idx ON contact_channels (project_id, branch_id, user_id) WHERE type = 'email' AND is_verified;

CREATE FUNCTION note_verified_email() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r contact_channels := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  UPDATE users u SET has_verified_email = v.verified
  FROM (SELECT EXISTS (SELECT 1 FROM contact_channels cc WHERE cc.project_id = r.project_id AND cc.branch_id = r.branch_id
          AND cc.user_id = r.user_id AND cc.type = 'email' AND cc.is_verified) AS verified) v
  WHERE u.project_id = r.project_id AND u.branch_id = r.branch_id AND u.id = r.user_id AND u.has_verified_email <> v.verified;
  RETURN NULL;
END;
$$;

CREATE TRIGGER contact_channels_verified_noted AFTER INSERT OR DELETE ON contact_channels FOR EACH ROW EXECUTE FUNCTION note_verified_email();
CREATE TRIGGER contact_channels_verified_renoted AFTER UPDATE OF is_verified, type, user_id ON contact_channels
  FOR EACH ROW WHEN (OLD.is_verified IS DISTINCT FROM NEW.is_verified OR OLD.type IS DISTINCT FROM NEW.type OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION note_verified_email();

-- The user's latest country: of the newest sign-in or token refresh a trusted proxy named a
-- country for (country_code stays where they signed up). Users are counted by country by it.
ALTER TABLE users ADD COLUMN last_country_code text;

DROP TRIGGER users_counted ON users;
DROP TRIGGER users_recounted ON users;
DROP FUNCTION count_users_change();
DROP FUNCTION count_user(users, integer);
DROP TABLE user_counts;
CREATE TABLE user_counts (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  is_anonymous boolean NOT NULL,
  has_password boolean NOT NULL,
  otp_auth_enabled boolean NOT NULL,
  passkey_auth_enabled boolean NOT NULL,
  has_verified_email boolean NOT NULL,
  country_code text NOT NULL, -- the latest country, else the sign-up country; '' when unknown
  shard smallint NOT NULL,
  users bigint NOT NULL,
  PRIMARY KEY (project_id, branch_id, is_anonymous, has_password, otp_auth_enabled, passkey_auth_enabled, has_verified_email, country_code, shard)
);

CREATE FUNCTION count_user(u users, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_counts AS c VALUES (u.project_id, u.branch_id, u.is_anonymous, u.password_hash IS NOT NULL,
    u.otp_auth_enabled, u.passkey_auth_enabled, u.has_verified_email, coalesce(u.last_country_code, u.country_code, ''),
    floor(random() * 16)::smallint, delta)
  ON CONFLICT (project_id, branch_id, is_anonymous, has_password, otp_auth_enabled, passkey_auth_enabled, has_verified_email, country_code, shard)
  DO UPDATE SET users = c.users + EXCLUDED.users;
$$;

CREATE FUNCTION count_users_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM count_user(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM count_user(NEW, 1); END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_counted AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION count_users_change();
CREATE TRIGGER users_recounted AFTER UPDATE OF is_anonymous, password_hash, otp_auth_enabled, passkey_auth_enabled, has_verified_email, country_code, last_country_code ON users
  FOR EACH ROW WHEN (
    OLD.is_anonymous IS DISTINCT FROM NEW.is_anonymous OR (OLD.password_hash IS NULL) <> (NEW.password_hash IS NULL)
    OR OLD.otp_auth_enabled IS DISTINCT FROM NEW.otp_auth_enabled OR OLD.passkey_auth_enabled IS DISTINCT FROM NEW.passkey_auth_enabled
    OR OLD.has_verified_email IS DISTINCT FROM NEW.has_verified_email
    OR coalesce(OLD.last_country_code, OLD.country_code) IS DISTINCT FROM coalesce(NEW.last_country_code, NEW.country_code)
  ) EXECUTE FUNCTION count_users_change();

-- 4. Teams.
CREATE TABLE team_counts (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  shard smallint NOT NULL,
  teams bigint NOT NULL,
  PRIMARY KEY (project_id, branch_id, shard)
);

CREATE FUNCTION count_teams_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r teams := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  INSERT INTO team_counts AS c VALUES (r.project_id, r.branch_id, floor(random() * 16)::smallint, CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END)
  ON CONFLICT (project_id, branch_id, shard) DO UPDATE SET teams = c.teams + EXCLUDED.teams;
  RETURN NULL;
END;
$$;

CREATE TRIGGER teams_counted AFTER INSERT OR DELETE ON teams FOR EACH ROW EXECUTE FUNCTION count_teams_change();

-- 5. Rebuilding a project's counters from its rows (bulk loads that switch the triggers off).
DROP FUNCTION recount_metrics(text);
CREATE FUNCTION recount_metrics(p_project text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM user_counts WHERE project_id = p_project;
  DELETE FROM daily_active_counts WHERE project_id = p_project;
  DELETE FROM last_active_counts WHERE project_id = p_project;
  DELETE FROM team_counts WHERE project_id = p_project;
  INSERT INTO user_counts
    SELECT project_id, branch_id, is_anonymous, password_hash IS NOT NULL, otp_auth_enabled, passkey_auth_enabled, has_verified_email,
      coalesce(last_country_code, country_code, ''), 0, count(*)
    FROM users WHERE project_id = p_project GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  INSERT INTO daily_active_counts
    SELECT project_id, branch_id, day, is_anonymous, kind, 0, count(*) FROM user_activity_days WHERE project_id = p_project GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO last_active_counts
    SELECT project_id, branch_id, day, is_anonymous, 0, count(*) FROM (
      SELECT DISTINCT ON (branch_id, user_id) project_id, branch_id, day, is_anonymous FROM user_activity_days
      WHERE project_id = p_project ORDER BY branch_id, user_id, day DESC) latest
    GROUP BY 1, 2, 3, 4;
  INSERT INTO team_counts SELECT project_id, branch_id, 0, count(*) FROM teams WHERE project_id = p_project GROUP BY 1, 2;
$$;

SELECT recount_metrics(id) FROM projects;

-- 6. Indexes for the other groups: subscriptions by status and day, analytics events by type.
CREATE INDEX product_grants_kind_idx ON product_grants (project_id, branch_id, kind, status, created_at);
CREATE INDEX analytics_events_type_time_idx ON analytics_events (project_id, branch_id, event_type, event_at);
