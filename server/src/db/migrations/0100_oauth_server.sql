-- Gatehouse as an OAuth 2.1 authorization server and OpenID provider, one per project
-- (services/oauth-apps/). The protocol is oidc-provider's; these tables are its storage.

-- The applications that sign their users in with a project. A confidential app's secret is
-- stored as a SHA-256 digest only: the answer that creates or rotates it shows it once.
CREATE TABLE oauth_apps (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  client_id text NOT NULL,
  display_name text NOT NULL,
  token_endpoint_auth_method text NOT NULL
    CHECK (token_endpoint_auth_method IN ('client_secret_basic', 'client_secret_post', 'none')),
  secret_hash text,
  secret_created_at timestamptz,
  redirect_uris jsonb NOT NULL,
  post_logout_redirect_uris jsonb NOT NULL,
  grant_types jsonb NOT NULL,
  scope text NOT NULL,
  logo_url text,
  homepage_url text,
  registered_by text NOT NULL CHECK (registered_by IN ('admin', 'dynamic')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, client_id),
  CHECK ((token_endpoint_auth_method = 'none') = (secret_hash IS NULL))
);

-- What oidc-provider stores (its "models": sessions, interactions, grants, codes, tokens, device
-- codes, replay detection), one row each. The id is the token or code itself for most models,
-- so only its digest is kept and the payload is stored without it. A grant names its user, so
-- that deleting the user deletes their grants, tokens and codes with them.
CREATE TABLE oauth_server_records (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  branch_id text NOT NULL DEFAULT 'main',
  model text NOT NULL,
  id_hash text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code_hash text,
  uid text,
  account_id uuid,
  client_id text,
  expires_at timestamptz,
  consumed_at timestamptz,
  -- A device code's last poll by its device (RFC 8628 slow_down).
  last_polled_at timestamptz,
  PRIMARY KEY (project_id, model, id_hash),
  FOREIGN KEY (project_id, branch_id, account_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE INDEX oauth_server_records_grant ON oauth_server_records (project_id, grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_server_records_uid ON oauth_server_records (project_id, model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_server_records_user_code ON oauth_server_records (project_id, model, user_code_hash) WHERE user_code_hash IS NOT NULL;
CREATE INDEX oauth_server_records_account ON oauth_server_records (project_id, account_id, client_id) WHERE account_id IS NOT NULL;
CREATE INDEX oauth_server_records_client ON oauth_server_records (project_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX oauth_server_records_expiry ON oauth_server_records (expires_at) WHERE expires_at IS NOT NULL;

-- The provider signs ID tokens and JWT access tokens with a key of its own, so that nothing it
-- signs can pass for one of the project's session access tokens.
ALTER TABLE signing_keys DROP CONSTRAINT signing_keys_audience_check;
ALTER TABLE signing_keys ADD CONSTRAINT signing_keys_audience_check CHECK (audience IN ('regular', 'anonymous', 'oauth-server'));

-- Agent-scoped credentials: an access token a user gives an app or an AI agent, narrowed to
-- some of their permissions in one team and to an expiry. The token itself is an ordinary
-- record of the OAuth server (under its own grant); this row says what it stands for. It goes
-- when the user leaves the team (or the user, team or app goes), and takes its grant and token
-- with it at once.
CREATE TABLE oauth_agent_credentials (
  project_id text NOT NULL,
  branch_id text NOT NULL DEFAULT 'main',
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  client_id text NOT NULL,
  grant_id text NOT NULL,
  team_id uuid NOT NULL,
  permissions jsonb NOT NULL,
  description text NOT NULL,
  resource text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, id),
  FOREIGN KEY (project_id, branch_id, team_id, user_id) REFERENCES team_members (project_id, branch_id, team_id, user_id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, client_id) REFERENCES oauth_apps (project_id, client_id) ON DELETE CASCADE
);
CREATE INDEX oauth_agent_credentials_user ON oauth_agent_credentials (project_id, user_id, created_at);
CREATE INDEX oauth_agent_credentials_expiry ON oauth_agent_credentials (expires_at);

CREATE FUNCTION gatehouse_revoke_agent_credential() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM oauth_server_records WHERE project_id = OLD.project_id AND grant_id = OLD.grant_id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER oauth_agent_credentials_revoked AFTER DELETE ON oauth_agent_credentials
  FOR EACH ROW EXECUTE FUNCTION gatehouse_revoke_agent_credential();
