-- Card payments the business owes back, whoever decided it: a marketplace payment that arrived after
-- its checkout closed (or short) whose goods could no longer be had, or a paid event registration the
-- organiser declined. The debt is recorded in the same transaction as the decision; the card partner
-- is asked after commit, and again by the hourly sweep until it accepts, one worker at a time (a
-- claim lapses after 15 minutes). One row per card payment: a payment is owed back once.
CREATE TABLE card_refunds_due (
  reference text PRIMARY KEY,
  -- Cents to give back; the whole payment when null.
  amount_cents bigint CHECK (amount_cents > 0),
  note text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  refunded_at timestamptz,
  error text
);
CREATE INDEX card_refunds_due_open ON card_refunds_due (created_at) WHERE refunded_at IS NULL;

-- An organiser declining a paid registration records the refund in their workspace's scope; reading,
-- claiming and settling refunds stay with the server's own connection.
GRANT INSERT ON card_refunds_due TO vuka_app;
