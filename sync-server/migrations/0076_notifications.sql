-- The notification centre (issue 37 §5): what the people who run a workspace are told of, one row
-- per person and event. `dedupe_key` names the event (`invoice_paid:<id>`): the same event told
-- twice (a webhook delivered again, a customer pressing twice) adds nothing.
CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]*$'),
  dedupe_key text NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  link text NOT NULL CHECK (link LIKE '/%'),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  UNIQUE (user_id, dedupe_key)
);
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- Web Push outbox (sync-server/jobs/outbox-table.ts): one row per notification its person wants pushed;
-- the job sends it to each of their devices once.
CREATE TABLE notification_pushes (
  notification_id uuid PRIMARY KEY REFERENCES notifications(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'refused')),
  job_id text,
  claimed_at timestamptz,
  error text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX notification_pushes_unqueued ON notification_pushes (requested_at) WHERE job_id IS NULL AND status = 'queued';
CREATE INDEX notification_pushes_sending ON notification_pushes (claimed_at) WHERE status = 'sending';

-- A person's choice of how each kind reaches them besides the bell; a kind without a row keeps its default.
CREATE TABLE notification_choices (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  email boolean NOT NULL,
  push boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- A device's Web Push subscription (the browser's endpoint and keys), one per endpoint.
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
