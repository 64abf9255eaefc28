-- Analytics events: the SDK's page views and clicks, and the server's own events such as
-- $token-refresh, one row each. The query API reads them through a project-scoped view
-- (services/analytics/sql/tables.ts). Ids that Stack Auth keeps as strings are text here too,
-- so that they compare with string parameters as they do there.
CREATE TABLE analytics_events (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  event_type text NOT NULL,
  event_at timestamptz NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_id text,
  team_id text,
  refresh_token_id text,
  session_replay_id text,
  session_replay_segment_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX analytics_events_time_idx ON analytics_events (project_id, branch_id, event_at);
CREATE INDEX analytics_events_user_idx ON analytics_events (project_id, branch_id, user_id, event_at) WHERE user_id IS NOT NULL;

-- What each analytics query cost, for POST /internal/analytics/query/timing. Rows older than a
-- day are pruned as new ones are written.
CREATE TABLE analytics_query_stats (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  query_id text NOT NULL,
  wall_clock_ms double precision NOT NULL,
  cpu_ms double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, query_id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX analytics_query_stats_age_idx ON analytics_query_stats (project_id, created_at);
