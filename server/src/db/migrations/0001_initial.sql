-- Projects and their configuration. Tenant tables below carry (project_id, branch_id)
-- in their primary keys, so every lookup and every foreign key is scoped to one tenant.

CREATE TABLE projects (
  id text PRIMARY KEY,
  display_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_production_mode boolean NOT NULL DEFAULT false,
  owner_team_id uuid,
  logo_url text,
  full_logo_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX projects_owner_team_idx ON projects (owner_team_id);

CREATE TABLE branches (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, id)
);

-- One override document per level; branch_id is '' at project level.
CREATE TABLE config_overrides (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  level text NOT NULL CHECK (level IN ('project', 'branch', 'environment')),
  branch_id text NOT NULL DEFAULT '',
  override jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, level, branch_id)
);

CREATE TABLE api_key_sets (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  description text NOT NULL DEFAULT '',
  publishable_client_key_hash text UNIQUE,
  publishable_client_key_last_four text,
  secret_server_key_hash text UNIQUE,
  secret_server_key_last_four text,
  super_secret_admin_key_hash text UNIQUE,
  super_secret_admin_key_last_four text,
  expires_at timestamptz NOT NULL,
  manually_revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, id)
);

CREATE TABLE signing_keys (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kid text NOT NULL,
  audience text NOT NULL CHECK (audience IN ('regular', 'anonymous')),
  public_jwk jsonb NOT NULL,
  private_jwk_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, kid),
  UNIQUE (project_id, audience)
);

CREATE TABLE users (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  display_name text,
  profile_image_url text,
  client_metadata jsonb,
  client_read_only_metadata jsonb,
  server_metadata jsonb,
  selected_team_id uuid,
  is_anonymous boolean NOT NULL DEFAULT false,
  password_hash text,
  otp_auth_enabled boolean NOT NULL DEFAULT false,
  passkey_auth_enabled boolean NOT NULL DEFAULT false,
  totp_secret_encrypted text,
  restricted_by_admin boolean NOT NULL DEFAULT false,
  restricted_by_admin_reason text,
  restricted_by_admin_private_details text,
  country_code text,
  signed_up_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX users_signed_up_idx ON users (project_id, branch_id, signed_up_at, id);

CREATE TABLE contact_channels (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('email')),
  value text NOT NULL,
  is_primary boolean NOT NULL DEFAULT false,
  is_verified boolean NOT NULL DEFAULT false,
  used_for_auth boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE,
  UNIQUE (project_id, branch_id, user_id, type, value)
);

-- A value may sign in to one account only, and a user has at most one primary channel per type.
CREATE UNIQUE INDEX contact_channels_auth_value_idx
  ON contact_channels (project_id, branch_id, type, value) WHERE used_for_auth;
CREATE UNIQUE INDEX contact_channels_primary_idx
  ON contact_channels (project_id, branch_id, user_id, type) WHERE is_primary;

CREATE TABLE sessions (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  refresh_token_hash text NOT NULL UNIQUE,
  is_impersonation boolean NOT NULL DEFAULT false,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);

CREATE INDEX sessions_user_idx ON sessions (project_id, branch_id, user_id);

CREATE TABLE teams (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  display_name text NOT NULL,
  profile_image_url text,
  client_metadata jsonb,
  client_read_only_metadata jsonb,
  server_metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE TABLE team_members (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  team_id uuid NOT NULL,
  user_id uuid NOT NULL,
  display_name text,
  profile_image_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, team_id, user_id),
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);

CREATE INDEX team_members_user_idx ON team_members (project_id, branch_id, user_id);
