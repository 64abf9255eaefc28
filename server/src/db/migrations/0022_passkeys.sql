-- Passkeys (WebAuthn credentials). As in Stack Auth, a user has at most one: registering
-- again replaces it, and `users.passkey_auth_enabled` is true exactly while the row exists
-- (both are written in the same transaction). Nothing here is secret: the public key only
-- checks signatures, and the credential id is what the authenticator announces anyway.
-- The counter is the authenticator's signature counter, refused when it goes backwards.
CREATE TABLE passkey_credentials (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  credential_id text NOT NULL,
  user_id uuid NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]'::jsonb,
  device_type text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  rp_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  PRIMARY KEY (project_id, branch_id, credential_id),
  UNIQUE (project_id, branch_id, user_id),
  FOREIGN KEY (project_id, branch_id, user_id) REFERENCES users (project_id, branch_id, id) ON DELETE CASCADE
);
