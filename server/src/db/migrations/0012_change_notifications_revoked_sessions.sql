-- Cache invalidation and session revocation across server processes.
--
-- Every process caches projects, their configuration, API key answers and signing keys, and
-- refuses access tokens of ended sessions from memory. Triggers tell every process what
-- changed with NOTIFY on the channel gatehouse_changes ("project:<id>" or "session:<id>");
-- a notification is sent when its transaction commits, and not at all when it rolls back.
-- Being triggers, they also see rows removed by cascades (a deleted user's sessions).

-- One row per ended session, kept while its access tokens may still be live, so that a
-- process that starts, or whose listening connection was down, can catch up by reading it.
CREATE TABLE revoked_sessions (
  seq bigserial PRIMARY KEY,
  project_id text NOT NULL,
  session_id uuid NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX revoked_sessions_revoked_at_idx ON revoked_sessions (revoked_at);

CREATE FUNCTION gatehouse_note_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revoked_sessions (project_id, session_id) VALUES (OLD.project_id, OLD.id);
  PERFORM pg_notify('gatehouse_changes', 'session:' || OLD.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION gatehouse_note_session_ended();

-- TG_ARGV[0] names the column that holds the project id in the table the trigger is on.
CREATE FUNCTION gatehouse_note_project_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gatehouse_changes', 'project:' ||
    (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END ->> TG_ARGV[0]));
  RETURN NULL;
END
$$;

CREATE TRIGGER projects_changed AFTER INSERT OR UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION gatehouse_note_project_changed('id');
CREATE TRIGGER branches_changed AFTER INSERT OR UPDATE OR DELETE ON branches
  FOR EACH ROW EXECUTE FUNCTION gatehouse_note_project_changed('project_id');
CREATE TRIGGER config_overrides_changed AFTER INSERT OR UPDATE OR DELETE ON config_overrides
  FOR EACH ROW EXECUTE FUNCTION gatehouse_note_project_changed('project_id');
CREATE TRIGGER api_key_sets_changed AFTER INSERT OR UPDATE OR DELETE ON api_key_sets
  FOR EACH ROW EXECUTE FUNCTION gatehouse_note_project_changed('project_id');
CREATE TRIGGER signing_keys_changed AFTER INSERT OR UPDATE OR DELETE ON signing_keys
  FOR EACH ROW EXECUTE FUNCTION gatehouse_note_project_changed('project_id');
