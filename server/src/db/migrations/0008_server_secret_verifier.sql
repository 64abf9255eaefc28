-- Which server secret this database was set up with, so that a server started with another
-- secret refuses to start instead of failing every sign-in. One row, written on first start:
-- an HMAC of a fixed label under a key derived from the secret, which reveals nothing about it.
CREATE TABLE server_secret_verifier (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
