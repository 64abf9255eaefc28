-- Payments (issue 14): the items ledger and the products customers hold. The catalog itself
-- (items, products, prices) lives in the configuration document under `payments`; these
-- tables hold only what happened to customers. A customer is (customer_type, customer_id):
-- a user's or team's id, or the app's own id of a custom customer, hence text.

-- Every change of an item's quantity (SPEC §3 "Quantity change"). An item's quantity is the
-- sum of the changes not yet expired plus what the customer's products include; changes are
-- never updated or deleted, so the history stays. Writers of one (customer, item) serialise
-- on a transaction-scoped advisory lock (services/payments/items.ts), so a decrement's check
-- and its insert see the same total.
CREATE TABLE item_quantity_changes (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  customer_type text NOT NULL CHECK (customer_type IN ('user', 'team', 'custom')),
  customer_id text NOT NULL,
  item_id text NOT NULL,
  delta bigint NOT NULL,
  expires_at timestamptz,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

-- The quantity read: every change of one customer's item. Included columns let the sum be
-- answered from the index alone.
CREATE INDEX item_quantity_changes_customer_item_idx
  ON item_quantity_changes (project_id, branch_id, customer_type, customer_id, item_id)
  INCLUDE (delta, expires_at);

-- A product a customer holds or held (a grant). `product` is the product as it was granted
-- (the config entry, or the inline product of a server grant), so later catalog edits do not
-- rewrite what was bought; `product_id` is null for an inline product. A grant is held while
-- its status is active or trialing and it has not ended. Subscriptions bought through Stripe
-- carry its ids and billing period; grants made through the API or in test mode do not.
CREATE TABLE product_grants (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  customer_type text NOT NULL CHECK (customer_type IN ('user', 'team', 'custom')),
  customer_id text NOT NULL,
  product_id text,
  product jsonb NOT NULL,
  price_id text,
  quantity integer NOT NULL CHECK (quantity > 0),
  kind text NOT NULL CHECK (kind IN ('subscription', 'one_time')),
  -- Stripe's subscription statuses; a one-time purchase or an API grant is 'active'.
  status text NOT NULL CHECK (status IN ('active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled', 'paused')),
  source text NOT NULL CHECK (source IN ('api_grant', 'test_mode', 'purchase_page')),
  stripe_subscription_id text,
  stripe_payment_intent_id text,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  ended_at timestamptz,
  refunded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

-- A customer's grants, oldest first (the products list and its cursor, the quantity read).
CREATE INDEX product_grants_customer_idx ON product_grants (project_id, branch_id, customer_type, customer_id, created_at, id);
-- Stripe's webhooks name the subscription or payment; each belongs to one grant.
CREATE UNIQUE INDEX product_grants_stripe_subscription_idx ON product_grants (project_id, branch_id, stripe_subscription_id)
  WHERE stripe_subscription_id IS NOT NULL;
CREATE UNIQUE INDEX product_grants_stripe_payment_intent_idx ON product_grants (project_id, branch_id, stripe_payment_intent_id)
  WHERE stripe_payment_intent_id IS NOT NULL;
