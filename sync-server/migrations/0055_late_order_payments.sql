-- A card payment that reaches a marketplace checkout already closed (its 30-minute hold ran out, or
-- the card was refused first and then a retry went through) or that paid less than the cart's total.
-- When its goods can no longer be had, the money goes back: the refund is recorded as due in the same
-- transaction as the decision, then asked of the card partner after commit and retried by the hourly
-- sweep until the partner accepts it, one worker at a time (a claim that lapses after 15 minutes).
ALTER TABLE marketplace_checkouts
  ADD COLUMN refund_due_cents bigint CHECK (refund_due_cents > 0),
  ADD COLUMN refund_claimed_at timestamptz,
  ADD COLUMN refunded_at timestamptz,
  ADD COLUMN refund_error text;
CREATE INDEX marketplace_checkouts_refund_due ON marketplace_checkouts (created_at)
  WHERE refund_due_cents IS NOT NULL AND refunded_at IS NULL;
