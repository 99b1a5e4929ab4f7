-- "Pay now" checkouts never paid (issue 15): a job marks them expired after a while, so the seller's
-- list of card payments and the public page stop treating them as under way. A webhook that still
-- arrives for one is settled as usual: the money is never lost.
ALTER TABLE invoice_online_payments DROP CONSTRAINT invoice_online_payments_status_check;
ALTER TABLE invoice_online_payments ADD CONSTRAINT invoice_online_payments_status_check
  CHECK (status IN ('pending', 'paid', 'failed', 'expired'));
CREATE INDEX invoice_online_payments_pending ON invoice_online_payments (created_at) WHERE status = 'pending';
