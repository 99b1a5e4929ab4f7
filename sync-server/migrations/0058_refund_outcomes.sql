-- Refunds are answered later (issue 18): the card partner accepts a refund as pending and says by
-- webhook whether the bank processed it or turned it back. A seller's refund of an order keeps that
-- answer in `refund_status`; one turned back no longer counts as refunded.
ALTER TABLE order_payments ADD COLUMN refund_status text CHECK (refund_status IN ('pending', 'processed', 'failed'));
-- Refunds recorded before the answer was followed were taken as done.
UPDATE order_payments SET refund_status = 'processed' WHERE kind = 'refund';
ALTER TABLE order_payments ADD CONSTRAINT order_payments_refund_status_of_refunds CHECK ((kind = 'refund') = (refund_status IS NOT NULL));
CREATE INDEX order_payments_refunds_waiting ON order_payments (reference) WHERE refund_status = 'pending';
