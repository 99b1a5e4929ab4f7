-- Deposits (issue 20): a service may ask part of its price by card when it is booked online. The
-- booking holds its slot as 'pending' and 'unpaid' under `payment_reference` (the card partner's
-- reference) until the payment is confirmed, then becomes 'confirmed' and 'paid' with what was paid
-- in `paid_cents`. A hold not paid within its time lapses and frees the slot.
ALTER TABLE services ADD COLUMN deposit_cents bigint NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0);
ALTER TABLE services ADD CONSTRAINT services_deposit_within_price CHECK (deposit_cents <= price_cents);

ALTER TABLE service_appointments ADD COLUMN deposit_cents bigint NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0);
ALTER TABLE service_appointments ADD COLUMN paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0);
ALTER TABLE service_appointments ADD COLUMN payment_reference text UNIQUE;
-- Holds waiting for their deposit, oldest first, for the sweep that lets lapsed ones go.
CREATE INDEX service_appointments_deposit_holds ON service_appointments (created_at)
  WHERE status = 'pending' AND payment_status = 'unpaid' AND payment_reference IS NOT NULL;
