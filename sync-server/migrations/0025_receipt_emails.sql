-- Receipts by e-mail from the till (issue 15): a sale carries the cashier's "e-mail this receipt"
-- request, made offline if need be; the server sends each request once through the same delivery
-- rows as invoices and quotes.
ALTER TABLE pos_orders ADD COLUMN receipt_email jsonb;

ALTER TABLE document_deliveries DROP CONSTRAINT document_deliveries_document_kind_check;
ALTER TABLE document_deliveries ADD CONSTRAINT document_deliveries_document_kind_check
  CHECK (document_kind IN ('invoice', 'quote', 'receipt'));
