-- Tokens for the Svix-compatible webhook API (`POST /webhooks/svix-token`): Stack Auth's
-- dashboard and its e2e helpers manage a project's endpoints and read their attempts through
-- Svix's API with such a token. Stored as SHA-256 digests; a token made with a project owner's
-- session stops working when that session ends or the user no longer owns the project.
CREATE TABLE webhook_portal_tokens (
  token_hash text PRIMARY KEY,
  project_id text NOT NULL,
  branch_id text NOT NULL,
  owner_user_id uuid,
  owner_session_id uuid,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_portal_tokens_expiry ON webhook_portal_tokens (expires_at);

-- A message is read by its id (Svix's `GET /app/{app}/msg/{msg_id}`).
CREATE INDEX webhook_deliveries_message ON webhook_deliveries (project_id, branch_id, message_id);
