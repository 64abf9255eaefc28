-- Where a branch's configuration was pushed from (GET|DELETE /internal/config/source): set by
-- PUT /internal/config/override/branch with a `source`, kept on the branch-level row.
ALTER TABLE config_overrides ADD COLUMN source jsonb;
