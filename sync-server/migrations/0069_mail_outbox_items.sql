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
