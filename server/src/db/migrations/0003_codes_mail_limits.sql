-- One-time codes for every e-mailed flow (verification, password reset, sign-in, invitations).
-- A code is `<6-character OTP><nonce>`; rows are found by the nonce's digest so that wrong
-- OTP guesses can be counted against the code, and the whole code is compared by digest.
CREATE TABLE verification_codes (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  purpose text NOT NULL,
  nonce_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  user_id uuid,
  email text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX verification_codes_expiry_idx ON verification_codes (expires_at);

-- Every message the platform sends, whether or not an SMTP server took it.
CREATE TABLE email_outbox (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  purpose text NOT NULL,
  user_id uuid,
  status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'not_sent')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX email_outbox_created_idx ON email_outbox (project_id, branch_id, created_at, id);

-- Fixed-window counters shared by every server process.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
