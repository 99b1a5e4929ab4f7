-- When a queued e-mail was claimed for sending. A run that dies between its claim and its finish
-- leaves the row "sending"; a sweep gives claims older than the lease back to the queue, so the mail
-- goes out once more rather than never (sync-server/jobs/outbox.ts).
ALTER TABLE document_deliveries ADD COLUMN claimed_at timestamptz;
ALTER TABLE ticket_mails ADD COLUMN claimed_at timestamptz;
ALTER TABLE booking_mails ADD COLUMN claimed_at timestamptz;
ALTER TABLE classified_inquiries ADD COLUMN seller_mail_claimed_at timestamptz;
CREATE INDEX document_deliveries_sending ON document_deliveries (claimed_at) WHERE status = 'sending';
CREATE INDEX ticket_mails_sending ON ticket_mails (claimed_at) WHERE status = 'sending';
CREATE INDEX booking_mails_sending ON booking_mails (claimed_at) WHERE status = 'sending';
CREATE INDEX classified_inquiries_mail_sending ON classified_inquiries (seller_mail_claimed_at) WHERE seller_mail = 'sending';
