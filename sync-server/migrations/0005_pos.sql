-- Point of sale (DESIGN.md §5): pos_orders with items and payments embedded, and pos_shifts.
-- Replicated tables keyed (workspace_id, id) with the server's change-feed columns. ENABLE + FORCE RLS.

CREATE TABLE pos_orders (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  kind text NOT NULL DEFAULT 'sale',
  original_order_id text,
  order_number text,
  receipt_number bigint,
  status text NOT NULL DEFAULT 'pending',
  items jsonb NOT NULL DEFAULT '[]',
  order_discount_cents bigint NOT NULL DEFAULT 0,
  payments jsonb NOT NULL DEFAULT '[]',
  shift_id text,
  device_id text,
  contact_id text,
  note text,
  reason text,
  completed_at timestamptz,
  voided_at timestamptz,
  -- Computed by the server from items and payments; never written from a client's document.
  subtotal_cents bigint,
  tax_cents bigint,
  discount_cents bigint,
  total_cents bigint,
  payment_method text,
  payment_status text,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX pos_orders_feed ON pos_orders (workspace_id, server_seq, id);

CREATE TABLE pos_shifts (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open',
  device_id text,
  opened_by integer,
  opened_at timestamptz NOT NULL,
  closed_at timestamptz,
  opening_float_cents bigint NOT NULL DEFAULT 0,
  counted_cash_cents bigint,
  expected_cash_cents bigint,
  note text,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX pos_shifts_feed ON pos_shifts (workspace_id, server_seq, id);

-- Same policy as every replicated table: the row's workspace is the request's, and the user a member.
ALTER TABLE pos_orders ENABLE ROW LEVEL SECURITY;
ALTER TABLE pos_orders FORCE ROW LEVEL SECURITY;
CREATE POLICY pos_orders_scope ON pos_orders
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON pos_orders TO vuka_app;

ALTER TABLE pos_shifts ENABLE ROW LEVEL SECURITY;
ALTER TABLE pos_shifts FORCE ROW LEVEL SECURITY;
CREATE POLICY pos_shifts_scope ON pos_shifts
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON pos_shifts TO vuka_app;
