-- The audit log (services/audit-log/): append-only, one hash chain per project branch. Each
-- event stores its place in the chain (seq, without gaps), the previous event's hash and its
-- own. The chain head row is what writers lock (FOR UPDATE, in the transaction of the action
-- being recorded), so writers in any number of processes append one at a time and never fork
-- the chain; it also holds the retention checkpoint, the last deleted event's seq and hash,
-- that verification starts from.
CREATE TABLE audit_chain_heads (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  last_seq bigint NOT NULL DEFAULT 0,
  last_hash text NOT NULL DEFAULT '0000000000000000000000000000000000000000000000000000000000000000',
  last_created_at timestamptz,
  checkpoint_seq bigint NOT NULL DEFAULT 0,
  checkpoint_hash text NOT NULL DEFAULT '0000000000000000000000000000000000000000000000000000000000000000',
  PRIMARY KEY (project_id, branch_id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE TABLE audit_events (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  seq bigint NOT NULL,
  id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  action text NOT NULL,
  actor_type text NOT NULL,
  actor_id text,
  target_type text,
  target_id text,
  team_id text,
  ip text,
  user_agent text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (project_id, branch_id, seq),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

-- Pages are keyset-paged on seq, newest first. created_at never decreases along seq, so a time
-- range becomes a seq range (audit_events_time), and every filter below reads a page as one
-- range scan of its own index.
CREATE INDEX audit_events_time ON audit_events (project_id, branch_id, created_at, seq);
CREATE INDEX audit_events_actor ON audit_events (project_id, branch_id, actor_id, seq);
CREATE INDEX audit_events_target ON audit_events (project_id, branch_id, target_id, seq);
CREATE INDEX audit_events_team ON audit_events (project_id, branch_id, team_id, seq);
CREATE INDEX audit_events_action ON audit_events (project_id, branch_id, action, seq);
