-- Credit notes (SARS s21, issue 15): a correction to a sent invoice is a credit note naming it. A
-- credit note is a row of kind 'credit_note' in invoices (the replicated collections are few, and an
-- invoice and its credit notes sync, lock and render together); the invoice lists its credit notes
-- in `credits`, so its balance follows from the invoice alone. A row without a kind is an invoice. Credit notes have their own number
-- series (CRN-…), reserved in blocks like the others.

ALTER TABLE invoices
  ADD COLUMN kind text CHECK (kind IN ('invoice', 'credit_note')),
  ADD COLUMN credits jsonb,
  ADD COLUMN credit_note_number text,
  ADD COLUMN credit_for_invoice_id text,
  ADD COLUMN credit_for_number text,
  ADD COLUMN credit_reason text;

-- The push sums an invoice's credit notes under the workspace lock.
CREATE INDEX invoices_credit_notes ON invoices (workspace_id, credit_for_invoice_id) WHERE kind = 'credit_note';

ALTER TABLE number_series DROP CONSTRAINT number_series_series_check;
ALTER TABLE number_series ADD CONSTRAINT number_series_series_check
  CHECK (series IN ('invoice', 'quote', 'receipt', 'order', 'credit_note'));
