-- One e-mail outbox for every area (DESIGN.md §13; sync-server/mail/outbox.ts). A row is one mail:
-- its workspace, its template ('<area>.<name>', e.g. 'bookings.confirmation') and what it is about
-- (subject_id, in the area's terms: an appointment, a registration). A commit records it, one run
-- takes it from 'queued' to 'sending' before it sends (so no two runs send one mail), and it ends
-- 'sent', 'failed' or 'refused' (a mail the policy will not send, with why in `error`). `job_id` is
-- NULL until handed to the job queue ('' while one caller is handing it over).
--
-- The subject is not a foreign key (it lives in each area's own table): a template that finds its
-- subject gone says nothing is to be sent, and the row ends failed with that reason.
CREATE TABLE mail_outbox_items (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  template text NOT NULL CHECK (template ~ '^[a-z][a-z0-9-]*\.[a-z][a-z0-9_]*$'),
  subject_id text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'refused')),
  job_id text,
  claimed_at timestamptz,
  error text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (workspace_id, template, subject_id)
);
-- The listener's scan for mail not yet in the job queue, and the sweep's for claims whose run died.
CREATE INDEX mail_outbox_items_unqueued ON mail_outbox_items (requested_at) WHERE job_id IS NULL AND status = 'queued';
CREATE INDEX mail_outbox_items_sending ON mail_outbox_items (claimed_at) WHERE status = 'sending';
-- A subject's mails (a moved booking withdraws its reminders).
CREATE INDEX mail_outbox_items_subject ON mail_outbox_items (workspace_id, subject_id);

-- Members record mail in their own transactions (a booking in the diary, a receipt from the till);
-- a move queues a "moved" mail again (UPDATE) and withdraws the old time's reminders (DELETE).
SELECT app_enable_workspace_rls('mail_outbox_items', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);

-- The bookings' mails and the events' ticket mails move in, as they stand. A mail queued or being
-- handed over goes back to the queue unqueued: the new send job takes it (the old jobs are gone).
INSERT INTO mail_outbox_items (workspace_id, template, subject_id, status, job_id, claimed_at, error, requested_at, sent_at)
SELECT workspace_id, 'bookings.' || kind, appointment_id, status, CASE WHEN status = 'queued' THEN NULL ELSE job_id END,
       claimed_at, error, requested_at, sent_at
  FROM booking_mails;
INSERT INTO mail_outbox_items (workspace_id, template, subject_id, status, job_id, claimed_at, error, requested_at, sent_at)
SELECT workspace_id, 'events.' || kind, registration_id::text, status, CASE WHEN status = 'queued' THEN NULL ELSE job_id END,
       claimed_at, error, requested_at, sent_at
  FROM ticket_mails;
DROP TABLE booking_mails;
DROP TABLE ticket_mails;

-- The sellers' e-mails about inquiries move in from the inquiries' own columns.
INSERT INTO mail_outbox_items (workspace_id, template, subject_id, status, job_id, claimed_at, error, requested_at, sent_at)
SELECT workspace_id, 'classifieds.inquiry', id::text, seller_mail, CASE WHEN seller_mail = 'queued' THEN NULL ELSE seller_mail_job END,
       seller_mail_claimed_at, seller_mail_error, created_at, seller_mail_at
  FROM classified_inquiries WHERE seller_mail IS NOT NULL;
DROP INDEX IF EXISTS classified_inquiries_mail_unqueued;
DROP INDEX IF EXISTS classified_inquiries_mail_sending;
ALTER TABLE classified_inquiries
  DROP COLUMN seller_mail,
  DROP COLUMN seller_mail_job,
  DROP COLUMN seller_mail_error,
  DROP COLUMN seller_mail_at,
  DROP COLUMN seller_mail_claimed_at;

-- Paid orders' confirmations move in from the orders' own columns: a sent one stays sent; a paid
-- one not yet handed to the job queue is queued. One handed over and never sent ended without a
-- mail (the shop sends none, or the job gave up), unless its job was still running at this change:
-- those paid within the last hour are queued again (the template checks the order and the shop's
-- setting anew, and the old job is gone), older ones stay unsent.
INSERT INTO mail_outbox_items (workspace_id, template, subject_id, status, error, requested_at, sent_at)
SELECT workspace_id, 'marketplace.confirmation', id::text,
       CASE WHEN confirmation_sent_at IS NOT NULL THEN 'sent'
            WHEN confirmation_job IS NULL OR paid_at > now() - interval '1 hour' THEN 'queued'
            ELSE 'failed' END,
       CASE WHEN confirmation_sent_at IS NULL AND confirmation_job IS NOT NULL AND paid_at <= now() - interval '1 hour'
            THEN 'Not sent' END,
       coalesce(paid_at, created_at), confirmation_sent_at
  FROM marketplace_orders
 WHERE confirmation_sent_at IS NOT NULL OR payment_status = 'paid';
DROP INDEX IF EXISTS marketplace_orders_unmailed;
ALTER TABLE marketplace_orders DROP COLUMN confirmation_job, DROP COLUMN confirmation_sent_at;

-- E-mailed invoices, quotes, credit notes and till receipts: `document_deliveries` stays the record
-- the member sees beside a document (to whom, asked by whom and when, why one was refused); how the
-- sending stands moves to the outbox, keyed by the request's id.
INSERT INTO mail_outbox_items (workspace_id, template, subject_id, status, job_id, claimed_at, error, requested_at, sent_at)
SELECT workspace_id, CASE WHEN document_kind = 'receipt' THEN 'invoices.receipt' ELSE 'invoices.document' END, id,
       status, CASE WHEN status = 'queued' THEN NULL ELSE job_id END, claimed_at, error, requested_at, sent_at
  FROM document_deliveries;
DROP INDEX IF EXISTS document_deliveries_unqueued;
DROP INDEX IF EXISTS document_deliveries_sending;
ALTER TABLE document_deliveries
  DROP COLUMN status,
  DROP COLUMN error,
  DROP COLUMN job_id,
  DROP COLUMN claimed_at,
  DROP COLUMN sent_at;

-- Invoice reminders: the hourly sweep records each due one in the outbox, whose row is now the mark
-- that it goes once per invoice and kind. The reminders sent so far keep their mark there.
INSERT INTO mail_outbox_items (workspace_id, template, subject_id, status, requested_at, sent_at)
SELECT workspace_id, 'invoices.reminder_' || kind, invoice_id, 'sent', sent_at, sent_at FROM invoice_reminders;
DROP TABLE invoice_reminders;
