-- Marketplace checkout and orders (spec §3 "Commerce"). A checkout pays a whole cart in one card
-- payment and makes one order per seller. Orders are an online area (REST): buyers read their own
-- through the server, sellers read and change theirs under the workspace's row-level security.

-- The seller's payout account at the card partner (a Paystack subaccount code).
ALTER TABLE storefront_settings ADD COLUMN paystack_subaccount text;

-- The parent of a cart's orders: the buyer's one payment. The buyer's own rows, like cart_items.
CREATE TABLE marketplace_checkouts (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reference text NOT NULL UNIQUE,
  email text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'ZAR',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  shipping_address jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX marketplace_checkouts_user ON marketplace_checkouts (user_id, created_at DESC);

-- spec §3 marketplace_orders: one seller's part of a checkout.
CREATE TABLE marketplace_orders (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  checkout_id uuid NOT NULL REFERENCES marketplace_checkouts(id) ON DELETE CASCADE,
  buyer_id integer REFERENCES users(id) ON DELETE SET NULL,
  buyer_name text NOT NULL,
  buyer_email text NOT NULL,
  -- From the seller's order series with their prefix (ORD-00001): unique within the seller.
  order_number text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')),
  payment_status text NOT NULL DEFAULT 'pending'
    CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded')),
  currency text NOT NULL DEFAULT 'ZAR',
  subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
  shipping_cents bigint NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  tax_cents bigint NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  total_cents bigint NOT NULL CHECK (total_cents > 0),
  refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents),
  shipping_method text,
  shipping_address jsonb NOT NULL,
  billing_address jsonb NOT NULL,
  tracking_number text,
  payment_reference text NOT NULL,
  -- The order confirmation e-mail: queued once when the order is paid, sent once by the job queue.
  confirmation_job text,
  confirmation_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, order_number)
);
CREATE INDEX marketplace_orders_seller ON marketplace_orders (workspace_id, created_at DESC);
CREATE INDEX marketplace_orders_buyer ON marketplace_orders (buyer_id, created_at DESC);
CREATE INDEX marketplace_orders_checkout ON marketplace_orders (checkout_id);
CREATE INDEX marketplace_orders_unmailed ON marketplace_orders (paid_at) WHERE confirmation_job IS NULL AND payment_status = 'paid';

-- spec §3 marketplace_order_items: what was bought, as it was (name and price kept).
CREATE TABLE marketplace_order_items (
  workspace_id integer NOT NULL,
  order_id uuid NOT NULL,
  line smallint NOT NULL,
  product_id text NOT NULL,
  name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
  line_total_cents bigint NOT NULL,
  fulfillment_status text NOT NULL DEFAULT 'pending' CHECK (fulfillment_status IN ('pending', 'fulfilled', 'returned')),
  restocked_quantity integer NOT NULL DEFAULT 0 CHECK (restocked_quantity >= 0 AND restocked_quantity <= quantity),
  product_snapshot jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (workspace_id, order_id, line),
  FOREIGN KEY (workspace_id, order_id) REFERENCES marketplace_orders (workspace_id, id) ON DELETE CASCADE
);
-- Held stock: what pending orders of a product still reserve.
CREATE INDEX marketplace_order_items_product ON marketplace_order_items (workspace_id, product_id);

-- spec §3 order_payments: the charge, and each refund, of one order.
CREATE TABLE order_payments (
  workspace_id integer NOT NULL,
  id uuid NOT NULL,
  order_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('charge', 'refund')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  reference text NOT NULL,
  note text,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, order_id) REFERENCES marketplace_orders (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX order_payments_order ON order_payments (workspace_id, order_id, created_at);

-- Members read and work on their workspace's orders; what a buyer paid is never deleted.
SELECT app_enable_workspace_rls('marketplace_orders', NULL, ARRAY['SELECT', 'UPDATE']);
SELECT app_enable_workspace_rls('marketplace_order_items', NULL, ARRAY['SELECT', 'UPDATE']);
SELECT app_enable_workspace_rls('order_payments', NULL, ARRAY['SELECT', 'INSERT']);
