-- A seller changes a marketplace order's status with no network: each change made on a device is a
-- row of `order_changes` (the spare replicated collection, DESIGN.md §5). The push that brings it
-- applies it to the order by the online route's rules and records the outcome on the row, in the
-- same transaction; the device pulls the outcome back. Rows are never changed by a device (the
-- collection's rules refuse it); the server writes only `outcome` and `outcome_message`.
CREATE TABLE order_changes (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  order_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('confirmed', 'processing', 'shipped', 'delivered', 'cancelled')),
  tracking_number text,
  created_at timestamptz NOT NULL,
  outcome text CHECK (outcome IN ('applied', 'refused')),
  outcome_message text,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, order_id) REFERENCES marketplace_orders (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX order_changes_feed ON order_changes (workspace_id, server_seq, id);
CREATE INDEX order_changes_order ON order_changes (workspace_id, order_id, created_at);

-- Every member may change an order's status (as online); UPDATE is for the outcome the push records.
SELECT app_enable_workspace_rls('order_changes');
