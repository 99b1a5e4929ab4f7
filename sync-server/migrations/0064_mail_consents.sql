-- Mail to an address a stranger typed (a free ticket, an online booking) goes only to an address
-- that asked for it (issue 35): double opt-in. `mail_consents` has one row per address (lower case)
-- that was ever asked to confirm. The row is also the outbox of its one short opt-in mail (the shared
-- outbox columns, DESIGN.md §13): a request re-queues it at most once a day. The token the mail
-- carries is made when the mail is sent and only its SHA-256 is kept, with its expiry.
CREATE TABLE mail_consents (
  address text PRIMARY KEY CHECK (address = lower(address)),
  confirmed_at timestamptz,
  token_hash text UNIQUE,
  token_expires_at timestamptz,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  job_id text,
  claimed_at timestamptz,
  error text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_consents_unqueued ON mail_consents (requested_at) WHERE job_id IS NULL AND status = 'queued';
CREATE INDEX mail_consents_sending ON mail_consents (claimed_at) WHERE status = 'sending';

-- A mail held until its address is confirmed: which outbox it goes to (`kind`) and its key there
-- (`ref`, JSON). Confirming the address records each one in its outbox and deletes it here. An
-- organiser's approval records here in the workspace's scope, so the table is a workspace table.
CREATE TABLE held_mails (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ticket', 'booking')),
  ref text NOT NULL,
  address text NOT NULL CHECK (address = lower(address)),
  held_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, kind, ref)
);
CREATE INDEX held_mails_address ON held_mails (address);
SELECT app_enable_workspace_rls('held_mails', NULL, ARRAY['SELECT', 'INSERT']);

-- Whether an address may get mail a stranger asked for: confirmed here, or a verified account's
-- own address. SECURITY DEFINER so a workspace-scoped transaction can ask without reading either table.
CREATE FUNCTION app_mail_confirmed(addr text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS
$$
  SELECT EXISTS (SELECT 1 FROM mail_consents WHERE address = lower(addr) AND confirmed_at IS NOT NULL)
      OR EXISTS (SELECT 1 FROM users WHERE lower(email) = lower(addr) AND verified)
$$;
REVOKE EXECUTE ON FUNCTION app_mail_confirmed(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_mail_confirmed(text) TO vuka_app;
