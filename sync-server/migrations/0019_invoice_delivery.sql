-- Invoices reach the customer and get paid (issue 15): payments and the e-mail request on the
-- replicated documents; what only the server keeps (deliveries, share links, reminders sent, online
-- payments, the reminder switch) in tables of their own, each with workspace row-level security.

ALTER TABLE invoices ADD COLUMN payments jsonb, ADD COLUMN send_request jsonb;
ALTER TABLE quotes ADD COLUMN send_request jsonb;

-- One row per e-mail request (the document's send_request id): a request is sent at most once.
CREATE TABLE document_deliveries (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  document_kind text NOT NULL CHECK (document_kind IN ('invoice', 'quote')),
  document_id text NOT NULL,
  recipient text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  error text,
  job_id text,
  requested_at timestamptz NOT NULL,
  sent_at timestamptz,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX document_deliveries_document ON document_deliveries (workspace_id, document_id);
CREATE INDEX document_deliveries_unqueued ON document_deliveries (requested_at) WHERE job_id IS NULL AND status = 'queued';
SELECT app_enable_workspace_rls('document_deliveries');

-- The public page's unguessable token, one per invoice; viewed_at is when the customer first opened it.
CREATE TABLE invoice_links (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  invoice_id text NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  viewed_at timestamptz,
  PRIMARY KEY (workspace_id, invoice_id)
);
SELECT app_enable_workspace_rls('invoice_links');

-- A reminder of each kind is sent once per invoice.
CREATE TABLE invoice_reminders (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  invoice_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('due', 'overdue')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, invoice_id, kind)
);
SELECT app_enable_workspace_rls('invoice_reminders', NULL, ARRAY['SELECT', 'INSERT']);

-- Per workspace: whether customers get due and overdue reminders (on unless switched off).
CREATE TABLE invoice_preferences (
  workspace_id integer PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  reminders_enabled boolean NOT NULL DEFAULT true
);
SELECT app_enable_workspace_rls('invoice_preferences', ARRAY['owner', 'admin']);

-- A "Pay now" checkout at the card partner; its signed webhook turns it paid, once.
CREATE TABLE invoice_online_payments (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  reference text NOT NULL UNIQUE,
  invoice_id text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  PRIMARY KEY (workspace_id, reference)
);
SELECT app_enable_workspace_rls('invoice_online_payments');
