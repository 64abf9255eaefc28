-- A user's sign-up risk scores (0 to 100), as Stack Auth's users carry them: this server
-- derives none (its sign-ups score 0 and 0), but server access may set them, and sign-up
-- rules and the dashboard read them.
ALTER TABLE users
  ADD COLUMN sign_up_risk_bot smallint NOT NULL DEFAULT 0 CHECK (sign_up_risk_bot BETWEEN 0 AND 100),
  ADD COLUMN sign_up_risk_free_trial_abuse smallint NOT NULL DEFAULT 0 CHECK (sign_up_risk_free_trial_abuse BETWEEN 0 AND 100);
