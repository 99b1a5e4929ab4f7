-- "Pay now" (issue 15): what a card payment brought in beyond the invoice's balance when its webhook
-- arrived (the invoice was paid meanwhile). The invoice takes only its balance; the rest is the
-- customer's credit, shown to the seller.
ALTER TABLE invoice_online_payments
  ADD COLUMN credit_cents bigint NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
  ADD COLUMN currency text;
