-- What the retention sweeper (services/retention/sweeper.ts) needs to find stale rows by index.
-- A rate-limit window now records when it ends. Rows written before this get the end a
-- window of up to 31 days would have; every built-in window is far shorter.
ALTER TABLE rate_limits ADD COLUMN expires_at timestamptz;
UPDATE rate_limits SET expires_at = window_start + interval '31 days';
ALTER TABLE rate_limits ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);

CREATE INDEX sessions_expires_idx ON sessions (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX verification_codes_expires_idx ON verification_codes (expires_at);
CREATE INDEX verification_codes_used_idx ON verification_codes (used_at) WHERE used_at IS NOT NULL;
CREATE INDEX email_outbox_finished_age_idx ON email_outbox (created_at) WHERE status <> 'queued';
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (finished_at) WHERE status <> 'pending';
CREATE INDEX user_activity_days_day_idx ON user_activity_days (day);
