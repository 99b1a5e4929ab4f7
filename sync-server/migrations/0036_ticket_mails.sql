-- Ticket e-mails go out through the job queue (DESIGN.md §13), retried when the mail server fails.
-- One row per registration and kind of mail is the mark that makes a retry harmless: a run takes the
-- row from 'queued' to 'sending' before it sends, so no two runs send the same mail.
CREATE TABLE ticket_mails (
  workspace_id integer NOT NULL,
  registration_id uuid NOT NULL,
  -- 'tickets': the signed tickets with their QR codes; 'declined': the organiser turned the registration down.
  kind text NOT NULL CHECK (kind IN ('tickets', 'declined')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  job_id text,
  error text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (workspace_id, registration_id, kind),
  FOREIGN KEY (workspace_id, registration_id) REFERENCES registrations (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX ticket_mails_unqueued ON ticket_mails (requested_at) WHERE job_id IS NULL AND status = 'queued';

-- Mails already sent keep their mark in the new table.
INSERT INTO ticket_mails (workspace_id, registration_id, kind, status, requested_at, sent_at)
SELECT workspace_id, id, 'tickets', 'sent', tickets_mailed_at, tickets_mailed_at FROM registrations WHERE tickets_mailed_at IS NOT NULL;
ALTER TABLE registrations DROP COLUMN tickets_mailed_at;

-- An event with requires_approval takes registrations as requests: the flag is kept on the
-- registration, so changing the event later does not change what a buyer was promised.
ALTER TABLE registrations ADD COLUMN needs_approval boolean NOT NULL DEFAULT false;
-- When the organiser approved or declined it.
ALTER TABLE registrations ADD COLUMN decided_at timestamptz;

SELECT app_enable_workspace_rls('ticket_mails', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT']);
-- Approving a registration issues its tickets in the organiser's own scope.
SELECT app_enable_workspace_rls('attendees', ARRAY['owner', 'admin'], ARRAY['SELECT', 'INSERT', 'UPDATE']);
