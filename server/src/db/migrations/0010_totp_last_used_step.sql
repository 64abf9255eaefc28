-- The last RFC 6238 time step (unix seconds / 30) at which a TOTP code of this user was
-- accepted. Sign-in accepts only a later step, and claims it with one conditional UPDATE,
-- so a code is never accepted twice, not even by two requests racing each other.
ALTER TABLE users ADD COLUMN totp_last_used_step bigint;
