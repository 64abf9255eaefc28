-- Data vault values (POST /data-vault/stores/{id}/set|get). The client derives hashed_key from
-- its secret and the key, and encrypts the value before sending it, so neither column holds
-- anything usable without the client's secret. The stores themselves live in the config.
CREATE TABLE data_vault_entries (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  store_id text NOT NULL,
  hashed_key text NOT NULL,
  encrypted_value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, store_id, hashed_key),
  FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
);
