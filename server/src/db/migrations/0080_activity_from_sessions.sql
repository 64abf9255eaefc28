-- A user is active on a day when an access token is issued to them (sign-in, refresh) or a
-- request carries one, not when the user row is made: a user a server creates, who never signs
-- in, is not an active user (as in Stack Auth, whose activity is its $token-refresh events).
-- Sign-up still counts, through the session it opens.
DROP TRIGGER users_active_on_insert ON users;

-- A new row's last_active_at is its signed_up_at (both now() at insert), so the first activity
-- after sign-up, on the same day, is recorded too; after it, only a new day is.
DROP TRIGGER users_active_on_update ON users;
CREATE TRIGGER users_active_on_update AFTER UPDATE OF last_active_at ON users
  FOR EACH ROW WHEN (
    (NEW.last_active_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (OLD.last_active_at AT TIME ZONE 'UTC')::date
    OR OLD.last_active_at = OLD.signed_up_at
  )
  EXECUTE FUNCTION record_user_activity_day();
