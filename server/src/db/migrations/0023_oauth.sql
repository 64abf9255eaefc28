-- OAuth sign-in (services/oauth): flows in progress at a provider, the provider accounts
-- linked to users, and the provider's tokens for each account.

-- A sign-in or link waiting for the provider's answer. The callback URL carries no project,
-- so a flow is found by the digest of the state we sent the provider, across projects. What
-- it must remember (our client's redirect and PKCE challenge, the verifier we gave the
-- provider, who is linking) is sealed with the server secret.
CREATE TABLE oauth_flows (
  state_hash text PRIMARY KEY,
  project_id text NOT NULL,
  branch_id text NOT NULL,
  provider_config_id text NOT NULL,
  sealed_info text NOT NULL,
  -- Started by a browser redirect, which got the binding cookie; a JSON-mode start (the SDK's
  -- fetch) cannot hold one and relies on the client's PKCE instead.
  cookie_bound boolean NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX oauth_flows_expires_idx ON oauth_flows (expires_at);

-- A user's account at a provider (SPEC §3 "OAuth provider").
CREATE TABLE oauth_accounts (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  provider_config_id text NOT NULL,
  account_id text NOT NULL,
  email text,
  allow_sign_in boolean NOT NULL,
  allow_connected_accounts boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE,
  -- One user holds a provider account once.
  UNIQUE (project_id, branch_id, user_id, provider_config_id, account_id)
);

-- A provider account signs in to one user at most.
CREATE UNIQUE INDEX oauth_accounts_sign_in_idx
  ON oauth_accounts (project_id, branch_id, provider_config_id, account_id) WHERE allow_sign_in;
CREATE INDEX oauth_accounts_user_idx ON oauth_accounts (project_id, branch_id, user_id, created_at);

-- The provider's tokens for an account, sealed with the server secret. Access tokens are
-- kept with the scopes they carry and their expiry; a refresh token mints new ones.
CREATE TABLE oauth_tokens (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  oauth_account_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  sealed_token text NOT NULL,
  scopes text NOT NULL DEFAULT '',
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, oauth_account_id) REFERENCES oauth_accounts (project_id, branch_id, id) ON DELETE CASCADE
);

CREATE INDEX oauth_tokens_account_idx ON oauth_tokens (project_id, branch_id, oauth_account_id, kind, created_at);
CREATE INDEX oauth_tokens_expires_idx ON oauth_tokens (expires_at) WHERE expires_at IS NOT NULL;
