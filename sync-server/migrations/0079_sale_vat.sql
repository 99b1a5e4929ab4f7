-- Bookings and tickets follow the one VAT rule (DESIGN.md §14): the VAT of a booking and of a ticket
-- order is fixed when it is made (rate 0 when the seller is not VAT registered), with whether it sits
-- inside the price or on top. Older ones have none and show no VAT.
ALTER TABLE appointments
  ADD COLUMN tax_rate_bp integer CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  ADD COLUMN tax_cents bigint CHECK (tax_cents >= 0),
  ADD COLUMN tax_included boolean;
ALTER TABLE registrations
  ADD COLUMN tax_rate_bp integer CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  ADD COLUMN tax_cents bigint CHECK (tax_cents >= 0),
  ADD COLUMN tax_included boolean;
