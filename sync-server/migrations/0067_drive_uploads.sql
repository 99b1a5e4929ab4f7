-- Unfinished drive uploads (tus), one row each from the moment one is admitted until it becomes a
-- file, is cancelled or is cleared. Its declared length is held against the workspace's quota while
-- it is open, so uploads that never finish cannot take room the quota does not have; the rows also
-- count how many are open per person and per workspace, and say when each last received bytes.
-- The bytes themselves wait in the tus store (DATA_DIR/uploads), named by the same id.
CREATE TABLE drive_uploads (
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL CHECK (id ~ '^[0-9a-f]{32}$'),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  -- Bytes received as last seen (a PATCH or a sweep), so a sweep can tell progress from idling.
  received_bytes bigint NOT NULL DEFAULT 0 CHECK (received_bytes >= 0),
  created_at timestamptz NOT NULL,
  touched_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX drive_uploads_user ON drive_uploads (user_id);
CREATE INDEX drive_uploads_touched ON drive_uploads (touched_at);

SELECT app_enable_workspace_rls('drive_uploads', NULL, ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
