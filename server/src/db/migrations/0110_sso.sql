-- Enterprise sign-in (issue 30): SSO connections per team (OpenID Connect and SAML 2.0), the
-- team's verified domains, sign-in flows in progress, the identities each connection signed in,
-- and the SAML assertions already used (so that a replay is refused on every process).

-- A team's connection to its company's identity provider. `settings` holds what is public
-- (OIDC issuer and client id; SAML IdP entity id, SSO URL, certificates, SP certificate);
-- `sealed_secret` is the OIDC client secret or the SAML SP private key, sealed with the
-- server secret.
CREATE TABLE sso_connections (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  team_id uuid NOT NULL,
  protocol text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
  display_name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  default_permissions jsonb NOT NULL DEFAULT '[]',
  settings jsonb NOT NULL,
  sealed_secret text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE INDEX sso_connections_team ON sso_connections (project_id, branch_id, team_id);

-- A domain a team claims. It counts once `verified_at` is set (DNS TXT record found); a domain
-- has one verified owner per project branch, while several teams may be trying to verify it.
CREATE TABLE sso_domains (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  team_id uuid NOT NULL,
  domain text NOT NULL,
  verification_token text NOT NULL,
  verified_at timestamptz,
  auto_join boolean NOT NULL DEFAULT false,
  require_sso boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  UNIQUE (project_id, branch_id, team_id, domain),
  FOREIGN KEY (project_id, branch_id, team_id) REFERENCES teams (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX sso_domains_verified_owner ON sso_domains (project_id, branch_id, domain) WHERE verified_at IS NOT NULL;

-- A sign-in in progress, found by the digest of its state (OIDC `state`, SAML `RelayState`).
-- Everything it remembers (the client's PKCE challenge, our verifier and nonce) is sealed.
CREATE TABLE sso_flows (
  state_hash text PRIMARY KEY,
  project_id text NOT NULL,
  branch_id text NOT NULL,
  connection_id uuid NOT NULL,
  sealed_info text NOT NULL,
  cookie_bound boolean NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (project_id, branch_id, connection_id) REFERENCES sso_connections (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE INDEX sso_flows_expires ON sso_flows (expires_at);

-- Who a connection's subject (OIDC `sub`, SAML NameID) signs in as.
CREATE TABLE sso_identities (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  connection_id uuid NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, connection_id, subject),
  FOREIGN KEY (project_id, branch_id, connection_id) REFERENCES sso_connections (project_id, branch_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE INDEX sso_identities_user ON sso_identities (project_id, branch_id, user_id);

-- SAML assertion ids already accepted, kept until the assertion could no longer be accepted.
CREATE TABLE sso_used_assertions (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  connection_id uuid NOT NULL,
  assertion_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, branch_id, connection_id, assertion_id),
  FOREIGN KEY (project_id, branch_id, connection_id) REFERENCES sso_connections (project_id, branch_id, id) ON DELETE CASCADE
);
CREATE INDEX sso_used_assertions_expires ON sso_used_assertions (expires_at);
