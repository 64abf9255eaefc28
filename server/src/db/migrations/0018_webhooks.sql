-- Outbound webhooks. Endpoints (URL, events, enabled) live in the project configuration under
-- webhooks.endpoints; their signing secrets live here, sealed under the server secret, because
-- the configuration document is readable by admins and a secret is shown only once.
CREATE TABLE webhook_endpoint_secrets (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  endpoint_id text NOT NULL,
  sealed_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, endpoint_id),
  FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
);

-- The outbox: one row per event and subscribed endpoint, written in the transaction of the
-- change that caused it. `message_id` is the webhook-id receivers de-duplicate by; `body` is
-- the exact JSON that is signed and sent on every attempt. A worker claims due rows with
-- FOR UPDATE SKIP LOCKED and moves their next_attempt_at past the time a try can take (a
-- lease), so several processes drain one outbox without sending a row twice while it is in
-- flight, and a row whose process died mid-try becomes due again when the lease runs out.
CREATE TABLE webhook_deliveries (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  message_id text NOT NULL,
  endpoint_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (project_id, branch_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_of_endpoint ON webhook_deliveries (project_id, branch_id, endpoint_id, created_at DESC, id DESC);

-- Every try of a delivery, for the admins' delivery log.
CREATE TABLE webhook_delivery_attempts (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  delivery_id uuid NOT NULL,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  PRIMARY KEY (project_id, branch_id, delivery_id, attempt),
  FOREIGN KEY (project_id, branch_id, delivery_id) REFERENCES webhook_deliveries (project_id, branch_id, id) ON DELETE CASCADE
);
