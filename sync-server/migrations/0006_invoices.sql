-- Invoices and quotes (spec §3), replicated like 0004's tables (DESIGN.md §5): keyed (workspace_id,
-- id), the change feed columns, ENABLE + FORCE RLS. Lines are embedded as jsonb; the totals are
-- computed by the server from them and never taken from a client.

CREATE TABLE invoices (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  contact_id text,
  customer_name text NOT NULL,
  customer_email text,
  customer_address text,
  issue_date text NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  items jsonb NOT NULL,
  notes text,
  terms text,
  invoice_number text,
  status text NOT NULL DEFAULT 'draft',
  due_date text,
  paid_date text,
  converted_from_quote_id text,
  -- Computed from items by the server; never written from a client's document.
  subtotal_cents bigint,
  discount_cents bigint,
  tax_cents bigint,
  total_cents bigint,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX invoices_feed ON invoices (workspace_id, server_seq, id);

CREATE TABLE quotes (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  updated_at timestamptz NOT NULL,
  contact_id text,
  customer_name text NOT NULL,
  customer_email text,
  customer_address text,
  issue_date text NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  items jsonb NOT NULL,
  notes text,
  terms text,
  quote_number text,
  status text NOT NULL DEFAULT 'draft',
  expiry_date text,
  converted_to_invoice_id text,
  -- Computed from items by the server; never written from a client's document.
  subtotal_cents bigint,
  discount_cents bigint,
  tax_cents bigint,
  total_cents bigint,
  server_seq bigint NOT NULL,
  server_version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX quotes_feed ON quotes (workspace_id, server_seq, id);

ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
CREATE POLICY invoices_scope ON invoices
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON invoices TO vuka_app;

ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
ALTER TABLE quotes FORCE ROW LEVEL SECURITY;
CREATE POLICY quotes_scope ON quotes
  USING (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())))
  WITH CHECK (workspace_id = (SELECT app_workspace_id()) AND (SELECT app_is_member(app_workspace_id())));
GRANT SELECT, INSERT, UPDATE ON quotes TO vuka_app;
