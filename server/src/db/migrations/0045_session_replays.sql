-- Session replays: the rrweb events a browser app's SDK records while a user is signed in,
-- uploaded in batches (POST /session-replays/batch) and played back in the dashboard.
--
-- A replay is what one session (one refresh token) recorded without a pause longer than the
-- idle timeout, for at most a bounded time and number of batches; the SDK's batches are its
-- chunks. The replay row keeps the totals the dashboard lists, so a list never reads chunks.
-- There is no foreign key to sessions: a replay outlives the session it recorded (sign-out,
-- expiry), and stays until the retention sweeper removes it.
CREATE TABLE session_replays (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  session_id uuid NOT NULL,
  -- Event times as the browser stamped them: the first and the last event seen so far.
  started_at timestamptz NOT NULL,
  last_event_at timestamptz NOT NULL,
  chunk_count integer NOT NULL DEFAULT 0,
  event_count integer NOT NULL DEFAULT 0,
  click_count integer NOT NULL DEFAULT 0,
  -- Server times: when the first batch arrived and when the last one did.
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);

-- The dashboard's list: latest activity first, the id breaking ties (keyset paging).
CREATE INDEX session_replays_recent ON session_replays (project_id, branch_id, last_event_at DESC, id DESC);
-- The list filtered by user.
CREATE INDEX session_replays_by_user ON session_replays (project_id, branch_id, user_id, last_event_at DESC);
-- Each upload looks for its session's open replay.
CREATE INDEX session_replays_by_session ON session_replays (project_id, branch_id, session_id, updated_at DESC);
-- The retention sweeper.
CREATE INDEX session_replays_updated ON session_replays (updated_at);

-- One row per uploaded batch, its events stored as gzipped JSON. A batch id is stored once per
-- user: the SDK sends a batch again when an upload's answer was lost, possibly after the replay
-- it belonged to has closed, and the second copy must not start a replay of its own.
CREATE TABLE session_replay_chunks (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  replay_id uuid NOT NULL,
  user_id uuid NOT NULL,
  batch_id uuid NOT NULL,
  segment_id uuid NOT NULL,
  browser_session_id uuid NOT NULL,
  event_count integer NOT NULL,
  byte_length integer NOT NULL,
  first_event_at timestamptz NOT NULL,
  last_event_at timestamptz NOT NULL,
  events_gzip bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  UNIQUE (project_id, branch_id, user_id, batch_id),
  FOREIGN KEY (project_id, branch_id, replay_id) REFERENCES session_replays (project_id, branch_id, id) ON DELETE CASCADE
);

-- A replay's chunks in playing order, the id breaking ties (keyset paging).
CREATE INDEX session_replay_chunks_in_order ON session_replay_chunks (project_id, branch_id, replay_id, first_event_at, id);
-- The retention sweeper removes old chunks ahead of their replays, in short statements.
CREATE INDEX session_replay_chunks_created ON session_replay_chunks (created_at);
