-- Purchases and Stripe (services/payments/purchases.ts, stripe-webhooks.ts): the project's
-- Stripe Connect account, the codes behind hosted checkout links, the purchases themselves
-- (what was bought, for how much, how it stands) and the Stripe events already applied.

-- A project's connected Stripe account, one per project (all branches share it).
CREATE TABLE stripe_accounts (
  project_id text PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  stripe_account_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A checkout link's code. The link carries `<project id>_<secret>`; only the secret's digest
-- is kept. It may be read (validate-code) until it expires, and bought with once.
CREATE TABLE purchase_codes (
  code_hash text PRIMARY KEY,
  project_id text NOT NULL,
  branch_id text NOT NULL,
  customer_type text NOT NULL CHECK (customer_type IN ('user', 'team', 'custom')),
  customer_id text NOT NULL,
  -- The catalog's id of the product, null for a product given inline; the product itself is
  -- kept as it was when the link was made, so a catalog edit does not change a link's price.
  product_id text,
  product jsonb NOT NULL,
  return_url text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX purchase_codes_expires_idx ON purchase_codes (expires_at);

-- A purchase: a one-time payment or a subscription, bought in test mode or through Stripe.
-- The product the customer holds because of it is the grant (grant_id); this row keeps what
-- the transactions list and refunds need: price, amount, currency, Stripe's ids and state.
CREATE TABLE purchases (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  customer_type text NOT NULL CHECK (customer_type IN ('user', 'team', 'custom')),
  customer_id text NOT NULL,
  product_id text,
  product jsonb NOT NULL,
  price_id text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  kind text NOT NULL CHECK (kind IN ('one_time', 'subscription')),
  source text NOT NULL CHECK (source IN ('test_mode', 'stripe')),
  -- pending: sent to Stripe's checkout, not paid yet; active: paid; canceled: a subscription
  -- that ended; the grant ends with it.
  status text NOT NULL CHECK (status IN ('pending', 'active', 'canceled')),
  currency text NOT NULL,
  -- In the currency's smallest unit, for the whole quantity.
  amount bigint NOT NULL CHECK (amount >= 0),
  stripe_checkout_session_id text UNIQUE,
  stripe_subscription_id text UNIQUE,
  stripe_payment_intent_id text,
  current_period_start timestamptz,
  current_period_end timestamptz,
  -- When Stripe's newest applied event about this purchase was created (seconds): an older
  -- event arriving late changes nothing.
  stripe_state_at bigint NOT NULL DEFAULT 0,
  grant_id text,
  refunded_at timestamptz,
  refunded_amount bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

CREATE INDEX purchases_list_idx ON purchases (project_id, branch_id, created_at DESC, id DESC);
CREATE INDEX purchases_customer_idx ON purchases (project_id, branch_id, customer_type, customer_id);

-- A subscription's paid renewal invoices (the first invoice is the purchase itself).
CREATE TABLE purchase_renewals (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  purchase_id uuid NOT NULL,
  stripe_invoice_id text NOT NULL UNIQUE,
  amount bigint NOT NULL,
  currency text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, purchase_id) REFERENCES purchases (project_id, branch_id, id) ON DELETE CASCADE
);

-- Stripe events already applied, by Stripe's event id: a redelivery is answered and ignored.
CREATE TABLE stripe_webhook_events (
  event_id text PRIMARY KEY,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX stripe_webhook_events_received_idx ON stripe_webhook_events (received_at);
