-- The marketplace's first slice: storefront settings, search over public products, the cart.

-- Typo-tolerant search (trigrams); PGlite loads the same extension (sync-server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- spec §3 storefront_settings: one row per workspace, written by its owners and admins.
CREATE TABLE storefront_settings (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  shipping_enabled boolean NOT NULL DEFAULT false,
  shipping_rates jsonb NOT NULL DEFAULT '[]'::jsonb,
  tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  payment_gateway text NOT NULL DEFAULT 'eft' CHECK (payment_gateway IN ('eft', 'paystack')),
  order_prefix varchar(10) NOT NULL DEFAULT 'ORD',
  auto_fulfill_digital boolean NOT NULL DEFAULT false,
  order_confirmation_email boolean NOT NULL DEFAULT true,
  checkout_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  terms text NOT NULL DEFAULT '' CHECK (char_length(terms) <= 10000),
  return_policy text NOT NULL DEFAULT '' CHECK (char_length(return_policy) <= 10000),
  featured_product_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);
SELECT app_enable_workspace_rls('storefront_settings', ARRAY['owner', 'admin']);

-- What buyers can find: public, active products of open storefronts. Names by trigram (typos),
-- names and categories by full-text search; both partial, so private stock costs the index nothing.
CREATE INDEX products_public_name_trgm ON products USING gin (lower(name) gin_trgm_ops)
  WHERE is_public AND NOT deleted;
CREATE INDEX products_public_text ON products
  USING gin (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(category, '')))
  WHERE is_public AND NOT deleted;
CREATE INDEX workspaces_storefronts ON workspaces (id) WHERE storefront_enabled;

-- spec §3 cart_items: a signed-in buyer's cart (a guest's stays on the device until sign-in).
-- The buyer's own rows, read and written by the server for that user only, like payment_methods.
CREATE TABLE cart_items (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  product_id text NOT NULL,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 999),
  -- The price the buyer saw when adding it, so the cart can show a change since.
  price_seen_cents bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, workspace_id, product_id)
);
CREATE INDEX cart_items_product ON cart_items (workspace_id, product_id);
