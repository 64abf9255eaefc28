-- Payments as Stack Auth keeps them at Stripe (issue 25): a purchase is paid on the page with
-- Stripe's payment element (a PaymentIntent for a one-time purchase, a subscription for a
-- recurring one), made for the customer's own Stripe customer; Stripe's webhooks then say what
-- was paid, and the subscriptions are read back from Stripe. Stack Auth's installations leave
-- the same objects at Stripe, so their webhooks apply here too.

-- A customer's Stripe customer on the project's connected account (metadata customerId and
-- customerType name ours), made when the customer first pays or adds a payment method.
CREATE TABLE stripe_customers (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  customer_type text NOT NULL CHECK (customer_type IN ('user', 'team', 'custom')),
  customer_id text NOT NULL,
  stripe_account_id text NOT NULL,
  stripe_customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, customer_type, customer_id, stripe_account_id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

-- The product a purchase started at Stripe is for, as it was then. Stripe metadata values hold
-- at most 500 characters, so the objects carry this row's id (Stack Auth's productVersionId).
CREATE TABLE product_snapshots (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  product_id text,
  product jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, id),
  FOREIGN KEY (project_id, branch_id) REFERENCES branches (project_id, id) ON DELETE CASCADE
);

-- A subscription's invoices at Stripe: the first (its creation) and the renewals after it.
-- Replaces purchase_renewals, which kept the renewals only.
CREATE TABLE purchase_invoices (
  project_id text NOT NULL,
  branch_id text NOT NULL,
  id uuid NOT NULL,
  purchase_id uuid NOT NULL,
  stripe_invoice_id text NOT NULL UNIQUE,
  is_creation boolean NOT NULL,
  status text,
  -- In the currency's smallest unit.
  amount_total bigint NOT NULL DEFAULT 0,
  currency text NOT NULL,
  hosted_invoice_url text,
  period_start timestamptz,
  period_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch_id, id),
  FOREIGN KEY (project_id, branch_id, purchase_id) REFERENCES purchases (project_id, branch_id, id) ON DELETE CASCADE
);

INSERT INTO purchase_invoices (project_id, branch_id, id, purchase_id, stripe_invoice_id, is_creation, status, amount_total, currency, period_start, period_end, created_at)
SELECT project_id, branch_id, id, purchase_id, stripe_invoice_id, false, 'paid', amount, currency, period_start, period_end, created_at FROM purchase_renewals;

DROP TABLE purchase_renewals;

CREATE INDEX purchase_invoices_list_idx ON purchase_invoices (project_id, branch_id, created_at DESC, id DESC);
CREATE INDEX purchase_invoices_purchase_idx ON purchase_invoices (project_id, branch_id, purchase_id);

-- A subscription synced from Stripe may carry no price id (one made outside our page).
ALTER TABLE purchases ALTER COLUMN price_id DROP NOT NULL;
-- How many of the product a refund took back (0: only money went back).
ALTER TABLE purchases ADD COLUMN refunded_quantity integer;
-- A payment intent is one purchase (Stripe delivers its success more than once).
CREATE UNIQUE INDEX purchases_payment_intent_idx ON purchases (project_id, branch_id, stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL;
-- The purchase behind a grant (transactions, refunds).
CREATE INDEX purchases_grant_idx ON purchases (project_id, branch_id, grant_id) WHERE grant_id IS NOT NULL;

-- The transactions list: every grant and every manual quantity change of the project, newest first.
CREATE INDEX product_grants_list_idx ON product_grants (project_id, branch_id, created_at DESC, id DESC);
CREATE INDEX item_quantity_changes_list_idx ON item_quantity_changes (project_id, branch_id, created_at DESC, id DESC);
