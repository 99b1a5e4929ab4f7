-- A promo code's use is held from the moment a checkout starts, not only counted once it is paid:
-- otherwise several checkouts opened before the first one settles all pass the usage limit and the
-- once-per-account rule. A use is 'reserved' while its checkout is open, 'used' once paid, and
-- 'released' when the checkout fails, is cancelled or its hold runs out (then it counts no more).
-- Rows from before this migration were all written on payment, so they are 'used'.
ALTER TABLE promo_code_usage
  ADD COLUMN status text NOT NULL DEFAULT 'used' CHECK (status IN ('reserved', 'used', 'released')),
  ADD COLUMN hold_expires_at timestamptz,
  ADD COLUMN released_at timestamptz,
  ADD CONSTRAINT promo_code_usage_hold_has_expiry CHECK (status <> 'reserved' OR hold_expires_at IS NOT NULL);

-- Once per account now means one use that is held or paid; a released one leaves room to try again.
ALTER TABLE promo_code_usage DROP CONSTRAINT promo_code_usage_promo_code_id_user_id_key;
CREATE UNIQUE INDEX promo_code_usage_once_per_account ON promo_code_usage (promo_code_id, user_id) WHERE status <> 'released';

-- Counting a code's open holds (under its row lock) and finding the ones that ran out.
CREATE INDEX promo_code_usage_holds ON promo_code_usage (promo_code_id, hold_expires_at) WHERE status = 'reserved';
CREATE INDEX promo_code_usage_hold_expiry ON promo_code_usage (hold_expires_at) WHERE status = 'reserved';
