-- A quote's public page: its unguessable token, one per quote (the e-mail's "view and accept"
-- link); viewed_at is when the customer first opened it. The acceptance itself is the quote's own
-- change (status accepted, converted_to_invoice_id), written by the server under the workspace lock.
CREATE TABLE quote_links (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  quote_id text NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  viewed_at timestamptz,
  PRIMARY KEY (workspace_id, quote_id)
);
SELECT app_enable_workspace_rls('quote_links');

-- Why a "Pay now" checkout failed, in the card partner's words (its gateway_response: "Declined").
ALTER TABLE invoice_online_payments ADD COLUMN failure_reason text;
