-- The seller's e-mail about each new inquiry (a question, an offer, a viewing request), sent through
-- the job queue. The inquiry row is the request: queued when the buyer sends it, taken for sending
-- by one run only, then sent or failed. Inquiries made before this column existed get no mail.
ALTER TABLE classified_inquiries
  ADD COLUMN seller_mail text CHECK (seller_mail IN ('queued', 'sending', 'sent', 'failed')),
  ADD COLUMN seller_mail_job text,
  ADD COLUMN seller_mail_error text,
  ADD COLUMN seller_mail_at timestamptz;
CREATE INDEX classified_inquiries_mail_unqueued ON classified_inquiries (created_at)
  WHERE seller_mail = 'queued' AND seller_mail_job IS NULL;
