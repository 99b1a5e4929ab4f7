-- Invoices, quotes and credit notes by e-mail go only from verified accounts, and a workspace e-mails
-- only its plan's number of them a day, reminders included (issue 35): they go to addresses a member
-- typed, so without both a workspace could mail strangers without end.

-- Who asked for the e-mail: the account whose push recorded the request (the push's scope).
ALTER TABLE document_deliveries ADD COLUMN requested_by integer DEFAULT app_user_id();

-- A request the server will not send: it stays refused, with why (a later Send is a new request).
ALTER TABLE document_deliveries ADD COLUMN refusal text CHECK (refusal IN ('unverified', 'daily_limit'));
ALTER TABLE document_deliveries DROP CONSTRAINT document_deliveries_status_check;
ALTER TABLE document_deliveries ADD CONSTRAINT document_deliveries_status_check
  CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'refused'));

-- How many documents and reminders a workspace has e-mailed on one of its calendar days. The job
-- area counts them (unscoped); members may read their workspace's count.
CREATE TABLE document_mail_days (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  day date NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (workspace_id, day)
);
SELECT app_enable_workspace_rls('document_mail_days', NULL, ARRAY['SELECT']);
