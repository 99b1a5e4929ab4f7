-- Billing (spec §3 "Billing"): plans, card subscriptions, payments, AI credit ledger, promo codes and
-- saved cards. These belong to an account, not a workspace, and card-provider webhooks arrive with
-- no session at all, so like the auth tables they are read and written by the server as the owner
-- role and carry no row-level security; every query names the user it is for.

CREATE TABLE subscription_plans (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  -- Integer cents in `currency`.
  price integer NOT NULL CHECK (price >= 0),
  currency varchar(3) NOT NULL DEFAULT 'ZAR',
  billing_cycle text NOT NULL DEFAULT 'monthly' CHECK (billing_cycle IN ('monthly', 'annual')),
  features jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- AI credits granted at the start of each billing cycle.
  credits_included integer NOT NULL DEFAULT 0,
  -- The card provider's plan code, created on first use.
  provider_plan_code text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The Pro plan, monthly and annual (schema/billing.ts holds the same prices; a test compares them).
INSERT INTO subscription_plans (code, name, price, billing_cycle, features, credits_included) VALUES
  ('pro_monthly', 'Vuka Plan (monthly)', 49900, 'monthly',
   '["Unlimited workspaces", "Unlimited products, events and classifieds", "Social media scheduling", "API access", "10GB storage"]'::jsonb, 100),
  ('pro_annual', 'Vuka Plan (annual)', 479040, 'annual',
   '["Unlimited workspaces", "Unlimited products, events and classifieds", "Social media scheduling", "API access", "10GB storage"]'::jsonb, 1200);

-- Saved cards: only the provider's reusable authorisation, brand, last4 and expiry. Never a PAN or CVV.
CREATE TABLE payment_methods (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id text NOT NULL,
  -- The provider's fingerprint of the card, so paying twice with one card saves it once.
  signature text NOT NULL,
  last4 varchar(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  brand text NOT NULL,
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  bank text,
  card_type text,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, signature)
);
CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (user_id) WHERE is_default;

CREATE TABLE promo_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stored upper-case; people type codes in any case.
  code text NOT NULL UNIQUE CHECK (code = upper(code)),
  discount_percentage integer CHECK (discount_percentage BETWEEN 1 AND 100),
  -- Cents off.
  discount_amount integer CHECK (discount_amount > 0),
  expires_at timestamptz,
  usage_limit integer CHECK (usage_limit > 0),
  times_used integer NOT NULL DEFAULT 0,
  -- Cents: the smallest purchase the code applies to.
  minimum_amount integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (discount_percentage IS NOT NULL OR discount_amount IS NOT NULL)
);

-- One row per card payment we started or the provider told us about. `reference` is ours, unique
-- at the provider too, and makes settling a payment idempotent.
CREATE TABLE payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reference text NOT NULL UNIQUE,
  item text NOT NULL CHECK (item IN ('pro_monthly', 'pro_annual', 'credits_50', 'credits_150', 'credits_400')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
  subtotal_cents integer NOT NULL,
  discount_cents integer NOT NULL DEFAULT 0,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency varchar(3) NOT NULL DEFAULT 'ZAR',
  promo_code_id integer REFERENCES promo_codes(id) ON DELETE SET NULL,
  payment_method_id integer REFERENCES payment_methods(id) ON DELETE SET NULL,
  -- What the provider said (e.g. 'Approved', 'Declined').
  provider_message text,
  card_label text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_user ON payments (user_id, created_at DESC);

CREATE TABLE promo_code_usage (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promo_code_id integer NOT NULL REFERENCES promo_codes(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  payment_id integer NOT NULL UNIQUE REFERENCES payments(id) ON DELETE CASCADE,
  discount_cents integer NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  -- A code is good once per account.
  UNIQUE (promo_code_id, user_id)
);

CREATE TABLE subscriptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_id integer NOT NULL REFERENCES subscription_plans(id),
  -- active: paid up; attention: the last renewal failed; cancelled: over.
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'attention', 'cancelled')),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  trial_end_date timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  cancelled_at timestamptz,
  provider_subscription_code text UNIQUE,
  provider_email_token text,
  payment_method_id integer REFERENCES payment_methods(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one subscription in force per account.
CREATE UNIQUE INDEX subscriptions_one_live ON subscriptions (user_id) WHERE status <> 'cancelled';

-- The AI credit ledger: every change to users.credits has a row here. A payment adds credits at
-- most once, whichever of the browser's return or the webhook settles it first.
CREATE TABLE credit_transactions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount integer NOT NULL,
  description text NOT NULL,
  type text NOT NULL CHECK (type IN ('purchase', 'plan_refresh', 'usage', 'adjustment')),
  payment_id integer UNIQUE REFERENCES payments(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_transactions_user ON credit_transactions (user_id, created_at DESC);

-- Card-provider webhook events already handled, so a replayed event changes nothing.
CREATE TABLE billing_webhook_events (
  event_key text PRIMARY KEY,
  event text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
