-- Offline sync (DESIGN.md §5): replicated tables keyed (workspace_id, id) with the server's change
-- feed columns, the per-workspace sequence, and number blocks. Every table: ENABLE + FORCE RLS.

-- One counter per workspace; a push holds the workspace's advisory lock while it takes numbers
-- from here, so server_seq commits in order and a pull never skips a row.
CREATE TABLE sync_counters (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  seq bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id)
);

CREATE TABLE products (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  name text,
  sku text,
  barcode text,
  price_cents bigint,
  cost_cents bigint,
  sale_price_cents bigint,
  compare_at_price_cents bigint,
  low_stock_threshold integer,
  category text,
  images jsonb,
  tags jsonb,
  product_type text NOT NULL DEFAULT 'physical',
  status text NOT NULL DEFAULT 'active',
  weight_grams integer,
  tax_rate_bp integer,
  shipping_required boolean,
  is_public boolean,
  published_in_marketplace boolean,
  pos_enabled boolean,
  track_inventory boolean,
  -- Computed from stock_movements by the server; never written from a client's document.
  stock_on_hand integer NOT NULL DEFAULT 0,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX products_feed ON products (workspace_id, server_seq, id);

CREATE TABLE stock_movements (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  product_id text NOT NULL,
  quantity integer NOT NULL,
  reason text NOT NULL DEFAULT 'adjustment',
  note text,
  reference text,
  created_at timestamptz,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX stock_movements_feed ON stock_movements (workspace_id, server_seq, id);
CREATE INDEX stock_movements_product ON stock_movements (workspace_id, product_id);

CREATE TABLE contacts (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  name text NOT NULL,
  email text,
  phone text,
  address text,
  notes text,
  tags jsonb,
  company text,
  title text,
  source text,
  pipeline text,
  stage text,
  assigned_to_id integer,
  status text NOT NULL DEFAULT 'active',
  last_contacted_at timestamptz,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX contacts_feed ON contacts (workspace_id, server_seq, id);

-- Document numbers (invoice, quote, receipt, order): the next free number per series, and the
-- ranges handed to devices so they can number offline without colliding.
CREATE TABLE number_series (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  series text NOT NULL CHECK (series IN ('invoice', 'quote', 'receipt', 'order')),
  next_number bigint NOT NULL DEFAULT 1,
  PRIMARY KEY (workspace_id, series)
);

CREATE TABLE number_blocks (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id integer GENERATED ALWAYS AS IDENTITY,
  device_id text NOT NULL,
  series text NOT NULL,
  start_number bigint NOT NULL,
  end_number bigint NOT NULL,
  reserved_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);

-- The policies wrap the helper calls in scalar subqueries so Postgres evaluates them once per
-- statement (an InitPlan), not once per row: a pull of 200 rows must not run 200 membership lookups.
-- Same rule as the workspace tables: the row's workspace is the request's, and the user a member.
ALTER TABLE sync_counters ENABLE ROW LEVEL SECURITY;
ALTER TABLE sync_counters FORCE ROW LEVEL SECURITY;
CREATE POLICY sync_counters_scope ON sync_counters
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON sync_counters TO vuka_app;

ALTER TABLE products ENABLE ROW LEVEL SECURITY;
ALTER TABLE products FORCE ROW LEVEL SECURITY;
CREATE POLICY products_scope ON products
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON products TO vuka_app;

ALTER TABLE stock_movements ENABLE ROW LEVEL SECURITY;
ALTER TABLE stock_movements FORCE ROW LEVEL SECURITY;
CREATE POLICY stock_movements_scope ON stock_movements
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON stock_movements TO vuka_app;

ALTER TABLE contacts ENABLE ROW LEVEL SECURITY;
ALTER TABLE contacts FORCE ROW LEVEL SECURITY;
CREATE POLICY contacts_scope ON contacts
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON contacts TO vuka_app;

ALTER TABLE number_series ENABLE ROW LEVEL SECURITY;
ALTER TABLE number_series FORCE ROW LEVEL SECURITY;
CREATE POLICY number_series_scope ON number_series
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON number_series TO vuka_app;

ALTER TABLE number_blocks ENABLE ROW LEVEL SECURITY;
ALTER TABLE number_blocks FORCE ROW LEVEL SECURITY;
CREATE POLICY number_blocks_scope ON number_blocks
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT ON number_blocks TO vuka_app;
